import type { SnapshotFrom } from 'xstate';
import { normaliseAlias, type AliasProblem } from '../sign-up/sign-up.rules.ts';
import type { addressBookMachine, BookAddress } from './address-book.machine.ts';
import type { inviteMachine } from './invite.machine.ts';
import { draftProblem, type AliasError } from './invite.rules.ts';
import type { ChoiceChange, messageSettingsMachine } from './message-settings.machine.ts';
import type { passwordChangeMachine } from './password-change.machine.ts';
import type { profileMachine } from './profile.machine.ts';
import type { pushDeviceMachine } from './push-device.machine.ts';

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;
type PasswordSnapshot = SnapshotFrom<typeof passwordChangeMachine>;
type AddressBookSnapshot = SnapshotFrom<typeof addressBookMachine>;

export type ProfileStatus = 'idle' | 'saving' | 'saved' | 'unchanged';

export interface ProfileView {
  status: ProfileStatus;
  /** 'Error updating user' is shown (spec section 8). */
  failed: boolean;
  errorCode: string | null;
  /** Fields the server refused (`fullName`, `phone`). */
  invalidFields: string[];
}

export function selectProfileView(snapshot: ProfileSnapshot): ProfileView {
  const status: ProfileStatus = snapshot.matches('saving')
    ? 'saving'
    : snapshot.matches('saved')
      ? 'saved'
      : snapshot.matches('unchanged')
        ? 'unchanged'
        : 'idle';
  const error = snapshot.context.error;
  return {
    status,
    failed: error !== null,
    errorCode: error?.code ?? null,
    invalidFields: error?.fields ?? [],
  };
}

export type PasswordChangeStatus = 'editing' | 'changing' | 'changed';

export interface PasswordChangeView {
  status: PasswordChangeStatus;
  errorCode: string | null;
  /** The field the error belongs to, or `null` for the form as a whole. */
  errorField: 'currentPassword' | 'newPassword' | 'newPasswordConfirmation' | null;
}

export function selectPasswordChangeView(snapshot: PasswordSnapshot): PasswordChangeView {
  const status: PasswordChangeStatus = snapshot.matches('changing')
    ? 'changing'
    : snapshot.matches('changed')
      ? 'changed'
      : 'editing';
  const error = snapshot.context.error;
  let errorField: PasswordChangeView['errorField'] = null;
  if (error?.code === 'INVALID_CURRENT_PASSWORD') errorField = 'currentPassword';
  else if (error?.fields.includes('newPasswordConfirmation')) errorField = 'newPasswordConfirmation';
  else if (error?.fields.includes('newPassword')) errorField = 'newPassword';
  else if (error?.fields.includes('currentPassword')) errorField = 'currentPassword';
  return { status, errorCode: error?.code ?? null, errorField };
}

export interface AddressBookView {
  /** The add/edit form is open: `editing` is null for a new address. */
  formOpen: boolean;
  editing: BookAddress | null;
  saving: boolean;
  /** The address waiting for a delete confirmation (or being deleted). */
  confirmingDelete: BookAddress | null;
  deletingId: number | null;
  defaultingId: number | null;
  errorCode: string | null;
  invalidFields: string[];
  lastDone: 'created' | 'updated' | 'deleted' | 'defaulted' | null;
  /** Something runs: other buttons wait. */
  busy: boolean;
}

export function selectAddressBookView(snapshot: AddressBookSnapshot): AddressBookView {
  const { context } = snapshot;
  const formOpen = snapshot.matches('form') || snapshot.matches('saving');
  const deleting = snapshot.matches('deleting');
  const defaulting = snapshot.matches('makingDefault');
  const saving = snapshot.matches('saving');
  return {
    formOpen,
    editing: context.editing,
    saving,
    confirmingDelete: snapshot.matches('confirmingDelete') || deleting ? context.deleting : null,
    deletingId: deleting ? (context.deleting?.id ?? null) : null,
    defaultingId: defaulting ? (context.defaulting?.id ?? null) : null,
    errorCode: context.error?.code ?? null,
    invalidFields: context.error?.fields ?? [],
    lastDone: context.lastDone,
    busy: saving || deleting || defaulting,
  };
}

export interface AddressActions {
  canEdit: boolean;
  canDelete: boolean;
  /** 'Make default' exists for every address but the default one... */
  offersMakeDefault: boolean;
  /** ...and is enabled while nothing else runs. */
  canMakeDefault: boolean;
}

/**
 * The buttons of one address (the machine decides: `snapshot.can`). Edit and delete always exist and are
 * enabled while the book is browsed; 'Make default' exists only for an address that is not the default.
 */
export function selectAddressActions(snapshot: AddressBookSnapshot, address: BookAddress): AddressActions {
  const canMakeDefault = snapshot.can({ type: 'address.makeDefault', address });
  return {
    canEdit: snapshot.can({ type: 'address.edit', address }),
    canDelete: snapshot.can({ type: 'address.delete', address }),
    offersMakeDefault: canMakeDefault || !address.isDefault,
    canMakeDefault,
  };
}

/** The 'Add an address' button: only while browsing and below the contract's 50 addresses. */
export function selectCanAddAddress(snapshot: AddressBookSnapshot, count: number): boolean {
  return snapshot.can({ type: 'address.add', count });
}

type MessageSettingsSnapshot = SnapshotFrom<typeof messageSettingsMachine>;
type PushDeviceSnapshot = SnapshotFrom<typeof pushDeviceMachine>;

export interface MessageSettingsView {
  /** A write is under way: the toggles wait. */
  busy: boolean;
  /** The choice being saved (shown as it will be). */
  pending: ChoiceChange | null;
  removing: number | null;
  errorCode: string | null;
}

export function selectMessageSettingsView(snapshot: MessageSettingsSnapshot): MessageSettingsView {
  return {
    busy: !snapshot.matches('idle'),
    pending: snapshot.context.pending,
    removing: snapshot.context.removing,
    errorCode: snapshot.context.error?.code ?? null,
  };
}

export type PushDeviceStatus =
  'checking' | 'unsupported' | 'install' | 'blocked' | 'off' | 'enabling' | 'on' | 'disabling';

export interface PushDeviceView {
  status: PushDeviceStatus;
  errorCode: string | null;
  canEnable: boolean;
  canDisable: boolean;
  canRecheck: boolean;
}

export function selectPushDeviceView(snapshot: PushDeviceSnapshot): PushDeviceView {
  const status = (
    ['checking', 'unsupported', 'install', 'blocked', 'off', 'enabling', 'on', 'disabling'] as const
  ).find((state) => snapshot.matches(state));
  return {
    status: status ?? 'checking',
    errorCode: snapshot.context.error,
    canEnable: snapshot.can({ type: 'push.enable' }),
    canDisable: snapshot.can({ type: 'push.disable' }),
    canRecheck: snapshot.can({ type: 'push.recheck' }),
  };
}

type InviteSnapshot = SnapshotFrom<typeof inviteMachine>;

export type InviteLinkStatus = 'idle' | 'copying' | 'copyRefused' | 'sharing';
export type AliasStatus = 'editing' | 'confirming' | 'saving' | 'chosen';

export interface InviteView {
  linkStatus: InviteLinkStatus;
  /** The Share button exists (the browser has a share sheet). */
  canShare: boolean;
  aliasStatus: AliasStatus;
  /** The alias field as typed. */
  draft: string;
  /** What the field becomes once stored: trimmed, lower-cased (the link's preview shows it). */
  alias: string;
  /** The rule the field breaks, shown as soon as something is typed (or "Choose" was pressed on an empty field). */
  problem: AliasProblem | null;
  /** The server's refusal of the last choice, until the field is edited. */
  error: AliasError | null;
  /** The link last copied or shared (the card has two: the one a refused copy selects). */
  linkUrl: string;
}

export function selectInviteView(snapshot: InviteSnapshot): InviteView {
  const { context } = snapshot;
  const linkStatus = (['copying', 'copyRefused', 'sharing'] as const).find((state) =>
    snapshot.matches({ link: state }),
  );
  const aliasStatus = (['confirming', 'saving', 'chosen'] as const).find((state) =>
    snapshot.matches({ alias: state }),
  );
  const shown = context.draft.trim() !== '' || context.attempted;
  return {
    linkStatus: linkStatus ?? 'idle',
    canShare: context.canShare,
    aliasStatus: aliasStatus ?? 'editing',
    draft: context.draft,
    alias: normaliseAlias(context.draft),
    problem: shown ? draftProblem(context.draft) : null,
    error: context.error,
    linkUrl: context.url,
  };
}
