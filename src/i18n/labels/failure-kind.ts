import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The kinds of failed read a screen tells apart (decided by `failureKind` in src/data/failure-kind.ts). */
export type FailureKind = 'offline' | 'forbidden' | 'not-found' | 'server' | 'unknown';

/** What a failed read's message says for each kind of failure (`failureKind`). */
export const FAILURE_KIND_TEXTS: Record<FailureKind, MessageDescriptor> = {
  offline: msg`Check your connection and try again.`,
  forbidden: msg`You do not have access to this. Sign in with an account that has it.`,
  'not-found': msg`It does not exist or has been removed.`,
  server: msg`The server could not answer. Try again in a minute.`,
  unknown: msg`Something went wrong. Try again.`,
};

/** Whether trying again can help: a missing page or a refused access stays so. */
export const FAILURE_KIND_RETRIES: Record<FailureKind, boolean> = {
  offline: true,
  forbidden: false,
  'not-found': false,
  server: true,
  unknown: true,
};
