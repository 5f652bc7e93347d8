import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createVersionAvailability, transitionAvailability, usualTransition } from './element-actions.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';

function page(
  state: string,
  permissions: string[] | null,
  extra: Partial<Pick<ElementPage, 'readOnlyVersion' | 'pending'>> = {},
): Pick<ElementPage, 'readOnlyVersion' | 'info' | 'element' | 'pending'> {
  return {
    readOnlyVersion: extra.readOnlyVersion ?? false,
    pending: extra.pending ?? [],
    element: {
      facetName: 'processes',
      id: 'e1',
      creationId: 'c1',
      type: 'process',
      state,
      displayNames: {},
      attributes: {},
      related: {},
      rootPath: [],
      children: [],
    },
    info:
      permissions === null
        ? null
        : {
            id: 'e1',
            name: 'E',
            elementTypeName: 'process',
            hasDiagram: false,
            hasEditPermission: true,
            isReadOnly: false,
            permissions,
          },
  };
}

test('transitions need ApproveElement and are never offered on an older version', () => {
  assert.deepEqual(transitionAvailability(page('inProcess', ['ApproveElement'])), { allowed: true });
  assert.deepEqual(transitionAvailability(page('released', ['ShowElement', 'NewElement'])), {
    allowed: false,
    reason: 'element.reason.noApprove',
  });
  assert.deepEqual(transitionAvailability(page('inProcess', ['ApproveElement'], { readOnlyVersion: true })), {
    allowed: false,
    reason: 'element.reason.olderVersion',
  });
});

test('unknown permissions (offline, never fetched) leave the decision to the service', () => {
  assert.deepEqual(transitionAvailability(page('inProcess', null)), { allowed: true });
  assert.deepEqual(createVersionAvailability(page('released', null)), { allowed: true });
});

test('a new version needs NewElement and a released, in-effect, expiring or expired element', () => {
  for (const state of ['released', 'inEffect', 'requestToExpire', 'expired'])
    assert.deepEqual(createVersionAvailability(page(state, ['NewElement'])), { allowed: true }, state);
  for (const state of ['inProcess', 'inReview', 'readyForQa', 'readyForRelease'])
    assert.deepEqual(
      createVersionAvailability(page(state, ['NewElement', 'ApproveElement'])),
      { allowed: false, reason: 'element.reason.notReleasedYet' },
      state,
    );
  assert.deepEqual(createVersionAvailability(page('released', ['ShowElement'])), {
    allowed: false,
    reason: 'element.reason.noNewElement',
  });
});

test('a queued action blocks a second one of its kind until the sync sent it', () => {
  const queued = {
    kind: 'transition' as const,
    state: 'queued' as const,
    targetState: 'released',
    createdAt: '2025-01-01T00:00:00Z',
    lastError: null,
  };
  assert.deepEqual(transitionAvailability(page('inProcess', ['ApproveElement'], { pending: [queued] })), {
    allowed: false,
    reason: 'element.reason.alreadyPending',
  });
  assert.deepEqual(
    transitionAvailability(
      page('inProcess', ['ApproveElement'], { pending: [{ ...queued, state: 'failed' }] }),
    ),
    { allowed: true },
  );
});

test('the usual transition is the smallest step forward, its plain variant first; never a way back', () => {
  const t = (id: string, targetState: string) => ({ id, targetState });
  const fromInProcess = [
    t('InProcessToReleasedExternal', 'released'),
    t('InProcessToReleased', 'released'),
    t('InProcessToReleasedQA', 'released'),
    t('InProcessToReadyForRelease', 'readyForRelease'),
    t('InProcessToInReview', 'inReview'),
    t('InProcessToReadyForQA', 'readyForQa'),
  ];
  assert.equal(usualTransition(fromInProcess, 'inProcess')?.id, 'InProcessToInReview');
  const fromReadyForQa = [
    t('ReadyForQAToInProcess', 'inProcess'),
    t('ReadyForQAToReleasedQA', 'released'),
    t('ReadyForQAToReadyForRelease', 'readyForRelease'),
  ];
  assert.equal(usualTransition(fromReadyForQa, 'readyForQa')?.id, 'ReadyForQAToReadyForRelease');
  const released = [t('InReviewToReleasedQA', 'released'), t('InReviewToReleased', 'released')];
  assert.equal(usualTransition(released, 'inReview')?.id, 'InReviewToReleased');
  // Expiring: forward is "expired"; withdrawing it goes back to released.
  const expiring = [t('RequestToExpireToReleased', 'released'), t('RequestToExpireToExpired', 'expired')];
  assert.equal(usualTransition(expiring, 'requestToExpire')?.id, 'RequestToExpireToExpired');
  assert.equal(usualTransition([t('X', 'unknownState')], 'inProcess')?.id, 'X');
  assert.equal(usualTransition([], 'inProcess'), null);
});
