/** The account routes: sign-in and recovery, profile, warehouse and checkout parameters, addresses, documents. */
import type { Handlers } from '../../contract/types.ts';
import { setMyAlias } from './alias.ts';
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress } from './addresses.ts';
import { confirmEmail, forgotPassword, login, resendEmailConfirmation } from './auth.ts';
import { getDocumentFile, listDocuments } from './documents.ts';
import {
  addPushSubscription,
  getMessageSettings,
  removePushSubscription,
  setMessageChoice,
  unsubscribeOneClick,
} from './notifications.ts';
import { changePassword, getMe, setLang, updateProfile } from './profile.ts';
import { logout, logoutEverywhere } from './sessions.ts';
import { getMyWarehouse, getOrderParams } from './warehouse.ts';

export const accountHandlers = {
  login,
  logout,
  logoutEverywhere,
  forgotPassword,
  confirmEmail,
  resendEmailConfirmation,
  getMe,
  setLang,
  updateProfile,
  changePassword,
  getOrderParams,
  getMyWarehouse,
  listAddresses,
  getAddress,
  createAddress,
  updateAddress,
  deleteAddress,
  listDocuments,
  getDocumentFile,
  getMessageSettings,
  setMessageChoice,
  addPushSubscription,
  removePushSubscription,
  unsubscribeOneClick,
  setMyAlias,
} satisfies Pick<
  Handlers,
  | 'login'
  | 'logout'
  | 'logoutEverywhere'
  | 'forgotPassword'
  | 'confirmEmail'
  | 'resendEmailConfirmation'
  | 'getMe'
  | 'setLang'
  | 'updateProfile'
  | 'changePassword'
  | 'getOrderParams'
  | 'getMyWarehouse'
  | 'listAddresses'
  | 'getAddress'
  | 'createAddress'
  | 'updateAddress'
  | 'deleteAddress'
  | 'listDocuments'
  | 'getDocumentFile'
  | 'getMessageSettings'
  | 'setMessageChoice'
  | 'addPushSubscription'
  | 'removePushSubscription'
  | 'unsubscribeOneClick'
  | 'setMyAlias'
>;
