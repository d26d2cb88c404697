// ModerationService on the service harness (ADR 011, ADR 013): only an active operator gets through
// (anyone else meets the unknown-path answer, 1002); each change moves the comment, its episode's
// counter and one audit row together, a repeat changes nothing, and bad input is 1001 with no trace.
import { AuditAction, ResponseCode, StaffRole } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { RequestAuth } from '#src/rules/auth.rules.ts';
import { TEST_NOW } from '#test/factories.ts';
import { codeOf, newModerationService, newTestWorld, refusal } from '#test/services/harness.ts';
import { authStub, rowFactory } from '#test/services/stubs.ts';

const HOUR = 3_600_000;

/** An operator, a commenter with a reported comment on an episode counting one visible comment. */
function moderationWorld() {
  const { sut, world } = newModerationService(newTestWorld());
  const operator = world.addUser();
  world.tables.userRoles.push({ user_id: operator.id, role: StaffRole.Moderator, created_at: TEST_NOW - HOUR });
  const title = world.addTitle();
  const episode = world.addEpisode({ title_id: title.id, comment_num: 1 });
  const commenter = world.addUser();
  const comment = rowFactory.comment({ episode_id: episode.id, user_id: commenter.id });
  world.tables.comments.push(comment);
  world.tables.commentReports.push({
    id: 1,
    comment_id: comment.id,
    user_id: operator.id,
    reason: 'spam',
    note: 'Links to a shop',
    created_at: TEST_NOW - HOUR,
  });
  const as = (auth: RequestAuth) => ({ auth, locale: 'en' as const });
  return { sut, world, operator, commenter, episode, comment, ops: as(authStub.web(operator)), as };
}

describe('ModerationService: who may moderate', () => {
  it('answers 1002 to anyone but an active operator, and changes nothing', async () => {
    const { sut, world, commenter, comment, operator, as } = moderationWorld();
    const suspendedOperator = authStub.web({ ...operator, status: 'suspended' });
    // Staff of every other role (ADR 042) meet the same answer.
    const otherStaff = [StaffRole.Editor, StaffRole.Support, StaffRole.Analyst].map((role) => {
      const member = world.addUser();
      world.tables.userRoles.push({ user_id: member.id, role, created_at: TEST_NOW - HOUR });
      return authStub.web(member);
    });
    for (const auth of [authStub.anonymous, authStub.web(commenter), suspendedOperator, ...otherStaff]) {
      expect(await codeOf(sut.hideComment(as(auth), comment.id, 'spam'))).toBe(ResponseCode.ApiNotFound);
      expect(await codeOf(sut.listReports(as(auth), {}))).toBe(ResponseCode.ApiNotFound);
      expect(await codeOf(sut.addNgWord(as(auth), 'spoiler'))).toBe(ResponseCode.ApiNotFound);
      expect(await codeOf(sut.suspendCommenter(as(auth), commenter.id, '2026-02-01 00:00:00', 'spam'))).toBe(
        ResponseCode.ApiNotFound,
      );
      expect(await codeOf(sut.resetNickname(as(auth), commenter.id, 'rude'))).toBe(ResponseCode.ApiNotFound);
    }
    expect(world.tables.comments[0]?.status).toBe('visible');
    expect(world.tables.ngWords).toEqual([]);
    expect(world.tables.suspensions).toEqual([]);
    expect(world.tables.auditLog).toEqual([]);
  });
});

describe('ModerationService: hiding and restoring comments', () => {
  it('hides a visible comment: its episode counts one fewer, one audit row names the operator and reason', async () => {
    const { sut, world, operator, episode, comment, ops } = moderationWorld();
    const answer = await sut.hideComment(ops, comment.id, 'spoiler without warning');
    expect(answer.comment).toMatchObject({ comment_id: comment.id, status: 'hidden' });
    expect(world.tables.comments[0]).toMatchObject({ status: 'hidden', reviewed_at: TEST_NOW });
    expect(world.tables.episodes.find((e) => e.id === episode.id)?.comment_num).toBe(0);
    expect(world.tables.auditLog).toEqual([
      expect.objectContaining({
        actor_user_id: operator.id,
        action: AuditAction.CommentHide,
        target_type: 'comment',
        target_id: comment.id,
        reason: 'spoiler without warning',
        created_at: TEST_NOW,
      }),
    ]);
  });

  it('changes nothing the second time (a repeat, or another operator was first)', async () => {
    const { sut, world, episode, comment, ops } = moderationWorld();
    await sut.hideComment(ops, comment.id, 'spam');
    await sut.hideComment(ops, comment.id, 'spam');
    expect(world.tables.episodes.find((e) => e.id === episode.id)?.comment_num).toBe(0);
    expect(world.tables.auditLog).toHaveLength(1);
  });

  it('restores a hidden comment and counts it again', async () => {
    const { sut, world, episode, comment, ops } = moderationWorld();
    await sut.hideComment(ops, comment.id, 'spam');
    await sut.restoreComment(ops, comment.id, 'not spam after all');
    expect(world.tables.comments[0]?.status).toBe('visible');
    expect(world.tables.episodes.find((e) => e.id === episode.id)?.comment_num).toBe(1);
    expect(world.tables.auditLog.map((row) => row.action)).toEqual([
      AuditAction.CommentHide,
      AuditAction.CommentRestore,
    ]);
  });

  it('refuses an unknown or deleted comment (1001)', async () => {
    const { sut, world, episode, commenter, ops } = moderationWorld();
    const deleted = rowFactory.comment({ episode_id: episode.id, user_id: commenter.id, status: 'deleted' });
    world.tables.comments.push(deleted);
    for (const id of [999_999, deleted.id]) {
      const error = await refusal(sut.hideComment(ops, id, 'spam'));
      expect([error.code, error.message]).toEqual([
        ResponseCode.InvalidParameter,
        'invalid parameter comment_id: no such comment',
      ]);
    }
    expect(world.tables.auditLog).toEqual([]);
  });

  it('dismisses the reports of a visible comment: it leaves the open queue, not the hidden one', async () => {
    const { sut, world, comment, ops } = moderationWorld();
    expect((await sut.listReports(ops, {})).report_list.map((c) => c.comment_id)).toEqual([comment.id]);
    expect((await sut.listReports(ops, {})).report_list[0]).toMatchObject({
      report_reason_list: [{ reason: 'spam', reporter_num: 1 }],
      report_note_list: ['Links to a shop'],
    });
    await sut.dismissReports(ops, comment.id);
    expect((await sut.listReports(ops, {})).report_list).toEqual([]);
    expect((await sut.listReports(ops, { status: 'all' })).report_list.map((c) => c.comment_id)).toEqual([comment.id]);
    expect(world.tables.auditLog.map((row) => row.action)).toEqual([AuditAction.CommentDismiss]);
    await sut.hideComment(ops, comment.id, 'spam');
    expect(await codeOf(sut.dismissReports(ops, comment.id))).toBe(ResponseCode.InvalidParameter);
  });
});

describe('ModerationService: suspensions', () => {
  it('suspends a reader until a wire time, with an audit row', async () => {
    const { sut, world, operator, commenter, ops } = moderationWorld();
    expect(await sut.suspendCommenter(ops, commenter.id, '2026-01-08 09:00:00', 'flooding')).toEqual({
      suspension: { user_id: commenter.id, until_time: '2026-01-08 09:00:00', reason: 'flooding' },
    });
    expect(world.tables.suspensions).toEqual([
      {
        user_id: commenter.id,
        until_at: TEST_NOW + 7 * 24 * HOUR,
        reason: 'flooding',
        created_by: operator.id,
        created_at: TEST_NOW,
      },
    ]);
    expect(world.tables.auditLog.map((row) => [row.action, row.target_id])).toEqual([
      [AuditAction.CommenterSuspend, commenter.id],
    ]);
  });

  it.each([
    ['a time in another format', '2026/01/08', 'until_time'],
    ['a time already past', '2026-01-01 08:59:59', 'until_time'],
  ])('refuses %s (1001)', async (_, untilTime, parameter) => {
    const { sut, world, commenter, ops } = moderationWorld();
    const error = await refusal(sut.suspendCommenter(ops, commenter.id, untilTime, 'flooding'));
    expect(error.code).toBe(ResponseCode.InvalidParameter);
    expect(error.message).toContain(parameter);
    expect(world.tables.suspensions).toEqual([]);
  });

  it('refuses an unknown reader (1001), and lifting no suspension writes no audit row', async () => {
    const { sut, world, commenter, ops } = moderationWorld();
    expect(await codeOf(sut.suspendCommenter(ops, 999_999, '2026-01-08 09:00:00', 'x'))).toBe(
      ResponseCode.InvalidParameter,
    );
    await sut.unsuspendCommenter(ops, commenter.id);
    expect(world.tables.auditLog).toEqual([]);
  });
});

describe('ModerationService: nicknames (ADR 066 addendum)', () => {
  it('removes a nickname with its key and one audit row, keeps the week, and a repeat changes nothing', async () => {
    const { sut, world, operator, ops } = moderationWorld();
    const rude = world.addUser({
      nickname: 'Rude Name',
      nickname_key: 'rude name',
      nickname_changed_at: TEST_NOW - HOUR,
    });
    expect(await sut.resetNickname(ops, rude.id, 'offensive')).toEqual({ user_id: rude.id, reset: 1 });
    expect(world.tables.users.find((user) => user.id === rude.id)).toMatchObject({
      nickname: null,
      nickname_key: null,
      nickname_changed_at: TEST_NOW - HOUR,
    });
    expect(world.tables.auditLog).toEqual([
      expect.objectContaining({
        actor_user_id: operator.id,
        action: AuditAction.NicknameReset,
        target_type: 'user',
        target_id: rude.id,
        reason: 'offensive',
        detail: JSON.stringify({ nickname: 'Rude Name' }),
      }),
    ]);
    expect(await sut.resetNickname(ops, rude.id, 'again')).toEqual({ user_id: rude.id, reset: 0 });
    expect(world.tables.auditLog).toHaveLength(1);
  });

  it('refuses an unknown reader (1001) with no trace', async () => {
    const { sut, world, ops } = moderationWorld();
    expect(await codeOf(sut.resetNickname(ops, 999_999, 'x'))).toBe(ResponseCode.InvalidParameter);
    expect(world.tables.auditLog).toEqual([]);
  });
});

describe('ModerationService: NG words', () => {
  it('adds a word once: the same word in another width or case is already on the list (1001), with no audit row', async () => {
    const { sut, world, ops } = moderationWorld();
    const { ng_word } = await sut.addNgWord(ops, 'Spoiler', 'part', 'leaks');
    expect(ng_word).toMatchObject({ word: 'Spoiler', match_type: 'part' });
    const error = await refusal(sut.addNgWord(ops, 'ＳＰＯＩＬＥＲ'));
    expect(error.message).toBe('invalid parameter word: already on the list');
    expect(world.tables.ngWords.map((w) => w.word)).toEqual(['Spoiler']);
    expect(world.tables.auditLog.map((row) => row.action)).toEqual([AuditAction.NgWordAdd]);
  });

  it('refuses a word that is only punctuation (1001) and removing an unknown word (1001)', async () => {
    const { sut, world, ops } = moderationWorld();
    expect(await codeOf(sut.addNgWord(ops, ' !!! '))).toBe(ResponseCode.InvalidParameter);
    expect(await codeOf(sut.removeNgWord(ops, 999_999))).toBe(ResponseCode.InvalidParameter);
    expect(world.tables.auditLog).toEqual([]);
  });
});

describe('ModerationService.listAuditLog', () => {
  it('lists the newest first, a page at a time', async () => {
    const { sut, world, comment, ops } = moderationWorld();
    await sut.hideComment(ops, comment.id, 'first');
    world.clock.set(TEST_NOW + HOUR);
    await sut.restoreComment(ops, comment.id, 'second');
    const page = await sut.listAuditLog(ops, { limit: 1 });
    expect(page.has_next).toBe(1);
    expect(page.audit_log_list.map((row) => row.reason)).toEqual(['second']);
  });
});
