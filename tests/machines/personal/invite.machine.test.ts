import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { inviteMachine, type AliasRequest, type ShareRequest } from '#machines/personal/invite.machine.ts';
import { aliasErrorOf, draftProblem, inviteRef, inviteUrl } from '#machines/personal/invite.rules.ts';
import { selectInviteView } from '#machines/personal/personal.selectors.ts';

const URL = 'https://portal.example/join/MD1000042';

describe('the invitation link', () => {
  it('names the alias once chosen, the PRN before, nothing without a PRN', () => {
    expect(inviteRef({ alias: null, prn: 'MD1000042' })).toBe('MD1000042');
    expect(inviteRef({ alias: 'anna', prn: 'MD1000042' })).toBe('anna');
    expect(inviteRef({ alias: null, prn: null })).toBeNull();
  });

  it('is the join page on this origin', () => {
    expect(inviteUrl('https://portal.example', 'anna-popescu')).toBe(
      'https://portal.example/join/anna-popescu',
    );
    expect(inviteUrl('https://portal.example/', 'MD1000042')).toBe(URL);
  });
});

describe('reading the alias rules and refusals', () => {
  it('checks the field as the server will store it: trimmed and lower-cased', () => {
    expect(draftProblem('  Anna-Popescu ')).toBeNull();
    expect(draftProblem('ab')).toBe('alias.tooShort');
    expect(draftProblem('anna--p')).toBe('alias.hyphens');
    expect(draftProblem('аnna')).toBe('alias.characters'); // a Cyrillic а
    expect(draftProblem('supp0rt')).toBe('alias.reserved');
    expect(draftProblem('md1000042')).toBe('alias.prn');
  });

  it('keeps the code and the rule a 422 names', () => {
    expect(
      aliasErrorOf({
        status: 422,
        code: 'ALIAS_RESERVED',
        details: [{ location: 'body', path: '/alias', reason: 'alias.reserved' }],
      }),
    ).toEqual({ code: 'ALIAS_RESERVED', reason: 'alias.reserved' });
    expect(aliasErrorOf({ status: 409, code: 'ALIAS_TAKEN' })).toEqual({ code: 'ALIAS_TAKEN', reason: null });
    // A rule this app does not know is not shown as one.
    expect(aliasErrorOf({ status: 422, code: 'ALIAS_INVALID', details: [{ reason: 'alias.new' }] })).toEqual({
      code: 'ALIAS_INVALID',
      reason: null,
    });
    expect(aliasErrorOf(new Error('offline'))).toEqual({ code: 'UNKNOWN', reason: null });
  });
});

interface Fakes {
  copy?: (url: string) => Promise<void>;
  share?: (request: ShareRequest) => Promise<void>;
  save?: (request: AliasRequest) => Promise<unknown>;
  canShare?: boolean;
}

function start({ copy, share, save, canShare = true }: Fakes = {}) {
  const copied = vi.fn();
  const saved = vi.fn();
  const refreshed = vi.fn();
  const copySpy = vi.fn(copy ?? (async () => {}));
  const shareSpy = vi.fn(share ?? (async () => {}));
  const saveSpy = vi.fn(save ?? (async ({ alias }: AliasRequest) => ({ id: 7, alias })));
  const actor = createActor(
    inviteMachine.provide({
      actors: {
        copyLink: fromPromise(({ input }: { input: { url: string } }) => copySpy(input.url)),
        shareLink: fromPromise(({ input }: { input: ShareRequest }) => shareSpy(input)),
        setAlias: fromPromise(({ input }: { input: AliasRequest }) => saveSpy(input)),
      },
      actions: {
        linkCopied: () => copied(),
        aliasSaved: (_, params) => saved(params.user),
        refreshUser: () => refreshed(),
      },
    }),
    { input: { canShare } },
  ).start();
  const view = () => selectInviteView(actor.getSnapshot());
  return { actor, view, copied, saved, refreshed, copySpy, shareSpy, saveSpy };
}

describe('invite machine: the link', () => {
  it('copies the link and says so', async () => {
    const { actor, view, copied, copySpy } = start();
    actor.send({ type: 'link.copy', url: URL });
    expect(view().linkStatus).toBe('copying');
    await waitFor(actor, (snapshot) => selectInviteView(snapshot).linkStatus === 'idle');
    expect(copySpy).toHaveBeenCalledWith(URL);
    expect(copied).toHaveBeenCalledTimes(1);
  });

  it('a refused clipboard leaves the link to be selected, and a second try copies again', async () => {
    let refuse = true;
    const { actor, view, copied } = start({
      copy: async () => {
        if (refuse) throw new DOMException('denied', 'NotAllowedError');
      },
    });
    actor.send({ type: 'link.copy', url: URL });
    await waitFor(actor, (snapshot) => selectInviteView(snapshot).linkStatus === 'copyRefused');
    expect(copied).not.toHaveBeenCalled();
    refuse = false;
    actor.send({ type: 'link.copy', url: URL });
    await waitFor(actor, (snapshot) => selectInviteView(snapshot).linkStatus === 'idle');
    expect(copied).toHaveBeenCalledTimes(1);
    expect(view().linkStatus).toBe('idle');
  });

  it('shares through the sheet; a failed sheet falls back to copying', async () => {
    const { actor, shareSpy, copySpy, copied } = start({
      share: async () => {
        throw new Error('sheet failed');
      },
    });
    actor.send({ type: 'link.share', url: URL, title: 'Join my team' });
    expect(selectInviteView(actor.getSnapshot()).linkStatus).toBe('sharing');
    await waitFor(actor, (snapshot) => selectInviteView(snapshot).linkStatus === 'idle');
    expect(shareSpy).toHaveBeenCalledWith({ url: URL, title: 'Join my team' });
    expect(copySpy).toHaveBeenCalledWith(URL);
    expect(copied).toHaveBeenCalledTimes(1);
  });

  it('has no share without a share sheet', () => {
    const { actor, view, shareSpy } = start({ canShare: false });
    expect(view().canShare).toBe(false);
    actor.send({ type: 'link.share', url: URL, title: 'Join my team' });
    expect(view().linkStatus).toBe('idle');
    expect(shareSpy).not.toHaveBeenCalled();
  });
});

describe('invite machine: choosing the alias', () => {
  it('shows the broken rule as the field is typed, and only asks to confirm a passing alias', () => {
    const { actor, view } = start();
    expect(view().problem).toBeNull();
    actor.send({ type: 'alias.review' });
    expect(view().problem).toBe('alias.tooShort');
    expect(view().aliasStatus).toBe('editing');
    actor.send({ type: 'alias.change', value: 'Admin' });
    expect(view().problem).toBe('alias.reserved');
    actor.send({ type: 'alias.review' });
    expect(view().aliasStatus).toBe('editing');
    actor.send({ type: 'alias.change', value: ' Anna-Popescu ' });
    expect(view()).toMatchObject({ problem: null, alias: 'anna-popescu', draft: ' Anna-Popescu ' });
    actor.send({ type: 'alias.review' });
    expect(view().aliasStatus).toBe('confirming');
    actor.send({ type: 'alias.cancel' });
    expect(view().aliasStatus).toBe('editing');
  });

  it('sends the normalised alias after the confirmation and hands the user to the app', async () => {
    const { actor, view, saved, saveSpy } = start();
    actor.send({ type: 'alias.change', value: ' Anna-Popescu ' });
    actor.send({ type: 'alias.review' });
    actor.send({ type: 'alias.confirm' });
    expect(view().aliasStatus).toBe('saving');
    actor.send({ type: 'alias.confirm' }); // a second click while saving is ignored
    await waitFor(actor, (snapshot) => selectInviteView(snapshot).aliasStatus === 'chosen');
    expect(saveSpy).toHaveBeenCalledTimes(1);
    expect(saveSpy).toHaveBeenCalledWith({ alias: 'anna-popescu' });
    expect(saved).toHaveBeenCalledWith({ id: 7, alias: 'anna-popescu' });
  });

  it('puts a refusal on the field until it is edited', async () => {
    const { actor, view, refreshed } = start({
      save: async () => {
        throw { status: 409, code: 'ALIAS_TAKEN' };
      },
    });
    actor.send({ type: 'alias.change', value: 'anna' });
    actor.send({ type: 'alias.review' });
    actor.send({ type: 'alias.confirm' });
    await waitFor(actor, (snapshot) => selectInviteView(snapshot).error !== null);
    expect(view()).toMatchObject({ aliasStatus: 'editing', error: { code: 'ALIAS_TAKEN', reason: null } });
    expect(refreshed).not.toHaveBeenCalled();
    actor.send({ type: 'alias.change', value: 'anna-p' });
    expect(view().error).toBeNull();
  });

  it('an alias chosen elsewhere meanwhile reads the user again', async () => {
    const { actor, view, refreshed } = start({
      save: async () => {
        throw { status: 409, code: 'ALIAS_ALREADY_SET' };
      },
    });
    actor.send({ type: 'alias.change', value: 'anna' });
    actor.send({ type: 'alias.review' });
    actor.send({ type: 'alias.confirm' });
    await waitFor(actor, (snapshot) => selectInviteView(snapshot).error !== null);
    expect(view().error?.code).toBe('ALIAS_ALREADY_SET');
    expect(refreshed).toHaveBeenCalledTimes(1);
  });

  it('the link and the alias go on side by side', async () => {
    let finish: (value: unknown) => void = () => {};
    const { actor, view } = start({ save: () => new Promise((resolve) => (finish = resolve)) });
    actor.send({ type: 'alias.change', value: 'anna' });
    actor.send({ type: 'alias.review' });
    actor.send({ type: 'alias.confirm' });
    actor.send({ type: 'link.copy', url: URL });
    expect(view()).toMatchObject({ aliasStatus: 'saving', linkStatus: 'copying' });
    finish({ id: 7, alias: 'anna' });
    await waitFor(actor, (snapshot) => selectInviteView(snapshot).aliasStatus === 'chosen');
  });
});
