import { parseWireDateTime } from '@manga/contracts';
import { makeOpsComment } from '@manga/contracts/testing';
import { describe, expect, it } from 'vitest';
import { apiAnswering, type Route } from '#app/features/catalogue/wire-fixtures.test-support.ts';
import { loadAuditLog, loadNgWords, loadReportQueue, submitNgWordAction, submitReportAction } from './ops.server.ts';

// The console asks the API whether the visitor is an operator on every request: 1002 (what the API
// answers everyone else) is the web's 404 page, and the forms check what the audit log needs.

const OPERATOR: Route = {
  operator: {
    user_id: 4,
    email: 'mod@example.com',
    role_list: ['moderator'],
    permission_list: ['console.open', 'comment.moderate', 'audit.read'],
  },
};
const NOT_AN_OPERATOR: Route = { httpStatus: 404, code: 1002, message: 'no such API path: GET /ops/operator' };

const OPS_COMMENT = makeOpsComment({ status: 'hidden', reviewed_time: '2026-11-23 11:00:00' });
const NG_WORD = {
  ng_word_id: 30,
  word: 'kys',
  normalized_word: 'kys',
  match_type: 'word',
  created_time: '2026-11-23 09:00:00',
};

const post = (path: string, values: Record<string, string>) =>
  new Request(`http://web.test${path}`, { method: 'POST', body: new URLSearchParams(values) });

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

const calls = (asked: readonly URL[], path: string) =>
  asked.filter((url) => url.pathname === path).map((url) => Object.fromEntries(url.searchParams));

describe('console pages', () => {
  it('answer the 404 page to anyone the API does not know as an operator', async () => {
    const { api } = apiAnswering({
      '/ops/operator': NOT_AN_OPERATOR,
      '/ops/comment/report/list': NOT_AN_OPERATOR,
      '/ops/ngword/list': NOT_AN_OPERATOR,
      '/ops/audit/list': NOT_AN_OPERATOR,
    });
    const url = new URL('http://web.test/ops?status=hidden');
    expect(await thrown(loadReportQueue(api, url))).toMatchObject({
      init: { status: 404 },
      data: 'Page Not Found: /ops?status=hidden',
    });
    expect(await thrown(loadNgWords(api, new URL('http://web.test/ops/ngwords')))).toMatchObject({
      init: { status: 404 },
    });
    expect(await thrown(loadAuditLog(api, new URL('http://web.test/ops/audit')))).toMatchObject({
      init: { status: 404 },
    });
  });

  it('load the queue of the filter and page asked, as the operator', async () => {
    const { api, asked } = apiAnswering({
      '/ops/operator': OPERATOR,
      '/ops/comment/report/list': { report_list: [], has_next: 1 },
    });
    const queue = await loadReportQueue(api, new URL('http://web.test/ops?status=all&page=3'));
    expect(queue).toEqual({
      operator: {
        userId: 4,
        email: 'mod@example.com',
        roles: ['moderator'],
        permissions: ['console.open', 'comment.moderate', 'audit.read'],
      },
      status: 'all',
      page: 3,
      hasNext: true,
      reports: [],
    });
    expect(calls(asked, '/ops/comment/report/list')[0]).toMatchObject({ status: 'all', limit: '20', offset: '40' });
  });
});

describe('report actions', () => {
  it('hide only with a reason, and never call the API without one', async () => {
    const { api, asked } = apiAnswering({ '/ops/operator': OPERATOR, '/ops/comment/hide': { comment: OPS_COMMENT } });
    const url = new URL('http://web.test/ops');
    expect(
      await submitReportAction(api, post('/ops', { intent: 'hide', comment_id: '41', reason: '  ' }), url),
    ).toEqual({
      status: 'invalid',
      intent: 'hide',
      targetId: 41,
      error: { field: 'reason', key: 'ops.errors.reason_required' },
    });
    expect(calls(asked, '/ops/comment/hide')).toEqual([]);
    const done = await submitReportAction(
      api,
      post('/ops', { intent: 'hide', comment_id: '41', reason: ' Spoils the ending. ' }),
      url,
    );
    expect(done).toEqual({ status: 'done', intent: 'hide', targetId: 41 });
    expect(calls(asked, '/ops/comment/hide')).toEqual([
      expect.objectContaining({ comment_id: '41', reason: 'Spoils the ending.' }),
    ]);
  });

  it('suspend for the period chosen, in wire time, with a reason', async () => {
    const { api, asked } = apiAnswering({
      '/ops/operator': OPERATOR,
      '/ops/user/suspend': { suspension: { user_id: 12, until_time: '2026-11-30 00:00:00', reason: 'x' } },
    });
    const url = new URL('http://web.test/ops');
    const before = Date.now();
    const result = await submitReportAction(
      api,
      post('/ops', { intent: 'suspend', user_id: '12', period: '7d', reason: 'Repeated spoilers.' }),
      url,
    );
    expect(result).toEqual({ status: 'done', intent: 'suspend', targetId: 12 });
    const [sent] = calls(asked, '/ops/user/suspend');
    const until = parseWireDateTime(sent?.until_time, 'Asia/Tokyo')?.getTime() ?? 0;
    const week = 7 * 24 * 3_600_000;
    expect(until).toBeGreaterThanOrEqual(before + week - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + week);
    expect(
      await submitReportAction(
        api,
        post('/ops', { intent: 'suspend', user_id: '12', period: '10y', reason: 'x' }),
        url,
      ),
    ).toMatchObject({ status: 'invalid', error: { field: 'period' } });
    expect(calls(asked, '/ops/user/suspend')).toHaveLength(1);
  });

  it('remove a nickname only with a reason, by the commenter’s id', async () => {
    const { api, asked } = apiAnswering({
      '/ops/operator': OPERATOR,
      '/ops/user/nickname/reset': { user_id: 12, reset: 1 },
    });
    const url = new URL('http://web.test/ops');
    expect(await submitReportAction(api, post('/ops', { intent: 'reset_nickname', user_id: '12' }), url)).toEqual({
      status: 'invalid',
      intent: 'reset_nickname',
      targetId: 12,
      error: { field: 'reason', key: 'ops.errors.reason_required' },
    });
    expect(calls(asked, '/ops/user/nickname/reset')).toEqual([]);
    expect(
      await submitReportAction(
        api,
        post('/ops', { intent: 'reset_nickname', user_id: '12', reason: ' Offensive name. ' }),
        url,
      ),
    ).toEqual({ status: 'done', intent: 'reset_nickname', targetId: 12 });
    expect(calls(asked, '/ops/user/nickname/reset')).toEqual([
      expect.objectContaining({ user_id: '12', reason: 'Offensive name.' }),
    ]);
  });

  it('answer the API’s refusal next to the form, and the 404 page once the role is gone', async () => {
    const refusing = apiAnswering({
      '/ops/operator': OPERATOR,
      '/ops/comment/dismiss': {
        httpStatus: 400,
        code: 1001,
        message: 'invalid parameter comment_id: only reports of a visible comment can be dismissed',
      },
    });
    const url = new URL('http://web.test/ops');
    expect(await submitReportAction(refusing.api, post('/ops', { intent: 'dismiss', comment_id: '41' }), url)).toEqual({
      status: 'failed',
      intent: 'dismiss',
      targetId: 41,
      code: 1001,
      message: 'invalid parameter comment_id: only reports of a visible comment can be dismissed',
    });
    const demoted = apiAnswering({
      '/ops/operator': NOT_AN_OPERATOR,
      '/ops/comment/restore': { comment: OPS_COMMENT },
    });
    const error = await thrown(
      submitReportAction(demoted.api, post('/ops', { intent: 'restore', comment_id: '1' }), url),
    );
    expect(error).toMatchObject({ init: { status: 404 } });
    expect(calls(demoted.asked, '/ops/comment/restore')).toEqual([]);
  });
});

describe('NG word actions', () => {
  it('add a word with its match type, and check both first', async () => {
    const { api, asked } = apiAnswering({ '/ops/operator': OPERATOR, '/ops/ngword/add': { ng_word: NG_WORD } });
    const url = new URL('http://web.test/ops/ngwords');
    const add = (values: Record<string, string>) =>
      submitNgWordAction(api, post('/ops/ngwords', { intent: 'add_word', ...values }), url);
    expect(await add({ word: '', match_type: 'part' })).toMatchObject({ status: 'invalid', error: { field: 'word' } });
    expect(await add({ word: 'kys', match_type: 'regex' })).toMatchObject({
      status: 'invalid',
      error: { field: 'match_type' },
    });
    expect(await add({ word: ' kys ', match_type: 'word', reason: 'Common abuse.' })).toEqual({
      status: 'done',
      intent: 'add_word',
      targetId: 0,
    });
    expect(calls(asked, '/ops/ngword/add')).toEqual([
      expect.objectContaining({ word: 'kys', match_type: 'word', reason: 'Common abuse.' }),
    ]);
  });

  it('remove a word by id', async () => {
    const { api, asked } = apiAnswering({ '/ops/operator': OPERATOR, '/ops/ngword/remove': {} });
    const result = await submitNgWordAction(
      api,
      post('/ops/ngwords', { intent: 'remove_word', ng_word_id: '3' }),
      new URL('http://web.test/ops/ngwords'),
    );
    expect(result).toEqual({ status: 'done', intent: 'remove_word', targetId: 3 });
    expect(calls(asked, '/ops/ngword/remove')).toEqual([expect.objectContaining({ ng_word_id: '3' })]);
  });
});
