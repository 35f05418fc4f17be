/** The words of the "1C exchange" screen that depend on a value the server sends (a status, a file kind, a code). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ImportIssue, ImportRun } from '../../data/exchange-1c.ts';

export const RUN_STATUS: Record<ImportRun['status'], MessageDescriptor> = {
  running: msg`Importing`,
  success: msg`Imported`,
  failure: msg`Failed`,
};

export const RUN_SOURCE: Record<ImportRun['source'], MessageDescriptor> = {
  exchange: msg`From 1C`,
  seed: msg`Demo catalogue`,
};

type RunFile = ImportRun['files'][number];

export const FILE_KIND: Record<NonNullable<RunFile['kind']>, MessageDescriptor> = {
  catalogue: msg`Goods`,
  offers: msg`Prices and stock`,
  classifier: msg`Groups and properties`,
};

export const FILE_STAGE: Record<RunFile['stage'], MessageDescriptor> = {
  reading: msg`reading`,
  applying: msg`applying`,
  deactivating: msg`finishing`,
  done: msg`done`,
  failed: msg`failed`,
};

/** Why an item was skipped or partly applied, in the reader's words. */
export const ISSUE_REASON: Record<ImportIssue['code'], MessageDescriptor> = {
  MISSING_ID: msg`1C sent it without an identifier.`,
  VARIANT: msg`It is a variant (a characteristic) of a product; the portal sells products without variants.`,
  SERVICE: msg`It is a service, not a product.`,
  UNKNOWN_GROUP: msg`Its 1C group is none of the portal's categories, so it was not added. Map the group to a category.`,
  MISSING_SKU: msg`It has no article number, so it was not added.`,
  MISSING_NAME: msg`It has no name, so it was not added.`,
  DUPLICATE_SKU: msg`Another product already has this article number.`,
  DUPLICATE_IN_FILE: msg`The file names it twice; the later entry was used.`,
  DELETED_UNKNOWN: msg`1C marked it deleted, and the portal never had it.`,
  UNKNOWN_PRODUCT: msg`Prices or stock for a product the portal does not have.`,
  OTHER_CURRENCY: msg`A price in another currency was left out.`,
  BAD_NUMBER: msg`A value that is not a number was left out.`,
  NEGATIVE_QUANTITY: msg`A negative stock figure was left out.`,
  UNIT_RATIO: msg`A price for another unit of measure was left out.`,
  UNKNOWN_WAREHOUSE: msg`Stock at a 1C warehouse that matches none of the portal's was left out.`,
  STOCK_WITHOUT_WAREHOUSE: msg`A stock figure without a warehouse was left out.`,
  IMAGE_MISSING: msg`Its picture was not sent.`,
  IMAGE_UNSUPPORTED: msg`Its picture is not a JPEG, PNG, WebP or GIF image, or is too large.`,
  NO_PRICE_TYPE: msg`None of the file's price types is the distributor price: prices were not updated.`,
};
