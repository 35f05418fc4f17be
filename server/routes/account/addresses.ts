/** The caller's delivery addresses; another user's address is 404. */
import type { Handler } from '../../contract/types.ts';
import {
  createAddress as create,
  deleteAddress as remove,
  getAddress as get,
  listAddresses as list,
  updateAddress as update,
} from '../../domain/account/addresses.ts';

export const listAddresses: Handler<'listAddresses'> = async ({ user, db }) => list(db, user.userId);

export const getAddress: Handler<'getAddress'> = async ({ user, db, params }) =>
  get(db, user.userId, params.id);

export const createAddress: Handler<'createAddress'> = async ({ user, db, body }) =>
  create(db, user.userId, body);

export const updateAddress: Handler<'updateAddress'> = async ({ user, db, body }) =>
  update(db, user.userId, body);

export const deleteAddress: Handler<'deleteAddress'> = async ({ user, db, params }) => {
  await remove(db, user.userId, params.addressId);
};
