import type { AuditLogEntry, OpsComment } from '@manga/contracts';
import { makeOpsComment } from '@manga/contracts/testing';
import { describe, expect, it } from 'vitest';
import {
  auditActionKey,
  auditDetailOf,
  checkNgWord,
  checkReason,
  opsIntentOf,
  reportQueueHref,
  reportStatusOf,
  suspensionEnd,
  toAuditEntryView,
  toNgWordView,
  toReportView,
} from './ops.ts';

const TOKYO = 'Asia/Tokyo';

const opsComment = (overrides: Partial<OpsComment> = {}): OpsComment =>
  makeOpsComment({
    comment_id: 41,
    comment: 'spoiler!',
    like_count: 3,
    created_time: '2026-11-23 09:00:00',
    episode_id: 100061,
    episode_name: 'Chapter 2: Farewell',
    title_id: 10003,
    title_name: 'Lazy Days at the Shrine',
    user_tag: 'NE3YHD',
    reporter_num: 2,
    latest_report_time: '2026-11-23 10:00:00',
    ...overrides,
  });

describe('the report queue', () => {
  it('reads the filter strictly and builds its links', () => {
    expect(reportStatusOf('hidden')).toBe('hidden');
    expect(reportStatusOf('all')).toBe('all');
    expect(reportStatusOf('deleted')).toBe('open');
    expect(reportStatusOf(null)).toBe('open');
    expect(reportQueueHref('open')).toBe('/ops');
    expect(reportQueueHref('open', 2)).toBe('/ops?page=2');
    expect(reportQueueHref('hidden', 3)).toBe('/ops?status=hidden&page=3');
  });

  it('shows a reported comment with where it is, who wrote it and who reported it', () => {
    expect(toReportView(opsComment(), TOKYO)).toEqual({
      commentId: 41,
      text: 'spoiler!',
      hidden: false,
      likeCount: 3,
      postedAt: '2026-11-23T00:00:00.000Z',
      episode: { id: 100061, name: 'Chapter 2: Farewell', href: '/title/10003/episode/100061' },
      title: {
        id: 10003,
        name: 'Lazy Days at the Shrine',
        href: '/title/10003',
        commentsHref: '/title/10003?comments=100061#episode-100061',
      },
      author: {
        userId: 12,
        nickname: undefined,
        tag: 'NE3YHD',
        email: 'reader@example.com',
        suspendedUntil: undefined,
      },
      reporterCount: 2,
      reasons: [],
      notes: [],
      latestReportAt: '2026-11-23T01:00:00.000Z',
      reviewedAt: undefined,
    });
    expect(
      toReportView(
        opsComment({
          report_reason_list: [
            { reason: 'spam', reporter_num: 2 },
            { reason: '', reporter_num: 1 },
          ],
          report_note_list: ['shop links'],
        }),
        TOKYO,
      ),
    ).toMatchObject({
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: undefined, count: 1 },
      ],
      notes: ['shop links'],
    });
    const hidden = toReportView(
      opsComment({ status: 'hidden', user_suspended_until: '2026-11-30 00:00:00', user_name: 'Mika' }),
      TOKYO,
    );
    expect(hidden).toMatchObject({
      hidden: true,
      author: { nickname: 'Mika', suspendedUntil: '2026-11-29T15:00:00.000Z' },
    });
  });
});

describe('NG words', () => {
  it('reads a word with its match type (anything else matches anywhere)', () => {
    const word = {
      ng_word_id: 3,
      word: 'ＦＵＣＫ',
      normalized_word: 'fuck',
      match_type: 'word',
      created_time: '2026-11-23 09:00:00',
    };
    expect(toNgWordView(word, TOKYO)).toEqual({
      id: 3,
      word: 'ＦＵＣＫ',
      normalized: 'fuck',
      matchType: 'word',
      addedAt: '2026-11-23T00:00:00.000Z',
    });
    expect(toNgWordView({ ...word, match_type: 'regex' }, TOKYO).matchType).toBe('part');
  });

  it('checks a word before sending it', () => {
    expect(checkNgWord('  ')).toEqual({ field: 'word', key: 'ops.errors.word_required' });
    expect(checkNgWord('x'.repeat(101))).toEqual({ field: 'word', key: 'ops.errors.word_too_long' });
    expect(checkNgWord(' kys ')).toBeUndefined();
  });
});

describe('the audit log', () => {
  const entry = (overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
    audit_log_id: 9,
    operator_user_id: 4,
    operator_email: 'mod@example.com',
    action: 'commenter.suspend',
    target_type: 'user',
    target_id: 12,
    reason: 'Repeated spoilers.',
    detail: '{"until_time":"2026-11-30 00:00:00"}',
    created_time: '2026-11-23 09:00:00',
    ...overrides,
  });

  it('shows who, when, what and why, with the detail as pairs', () => {
    expect(toAuditEntryView(entry(), TOKYO)).toEqual({
      id: 9,
      at: '2026-11-23T00:00:00.000Z',
      operator: { userId: 4, email: 'mod@example.com' },
      action: 'commenter.suspend',
      target: { type: 'user', id: 12 },
      reason: 'Repeated spoilers.',
      detail: [['until_time', '2026-11-30 00:00:00']],
    });
    expect(toAuditEntryView(entry({ operator_user_id: 0, operator_email: '' }), TOKYO).operator).toBeUndefined();
  });

  it('reads any detail without failing', () => {
    expect(auditDetailOf('')).toEqual([]);
    expect(auditDetailOf('{}')).toEqual([]);
    expect(auditDetailOf('{"via":"cli","n":2}')).toEqual([
      ['via', 'cli'],
      ['n', '2'],
    ]);
    expect(auditDetailOf('[1,2]')).toEqual([['detail', '[1,2]']]);
    expect(auditDetailOf('not json')).toEqual([['detail', 'not json']]);
  });

  it('labels the actions it knows', () => {
    expect(auditActionKey('comment.hide')).toBe('ops.audit.actions.comment_hide');
    expect(auditActionKey('ng_word.add')).toBe('ops.audit.actions.ng_word_add');
    expect(auditActionKey('title.delete')).toBeUndefined();
  });
});

describe('console forms', () => {
  it('ends a suspension after the period chosen, and refuses periods it does not offer', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(suspensionEnd(now, '1h')?.toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(suspensionEnd(now, '7d')?.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(suspensionEnd(now, '365d')?.toISOString()).toBe('2027-11-23T00:00:00.000Z');
    expect(suspensionEnd(now, '100y')).toBeUndefined();
    expect(suspensionEnd(now, 'toString')).toBeUndefined();
  });

  it('requires a reason where the audit needs one, and keeps it short', () => {
    expect(checkReason('  ', true)).toEqual({ field: 'reason', key: 'ops.errors.reason_required' });
    expect(checkReason('', false)).toBeUndefined();
    expect(checkReason('x'.repeat(501), false)).toEqual({ field: 'reason', key: 'ops.errors.reason_too_long' });
    // Counted as the API's schema counts: UTF-16 units.
    expect(checkReason('😀'.repeat(250), true)).toBeUndefined();
    expect(checkReason('😀'.repeat(251), true)).toMatchObject({ key: 'ops.errors.reason_too_long' });
  });

  it('knows its intents', () => {
    expect(opsIntentOf('hide')).toBe('hide');
    expect(opsIntentOf('delete_everything')).toBeUndefined();
  });
});
