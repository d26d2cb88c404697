// Helpers for comment and moderation tests: readers who have opened an episode, operators, posts.
import { StaffRole } from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { EpisodeRow, NewEpisode, NewTitle, UserRow } from '#src/db/schema.ts';
import { createAccount, get, login, post } from '#test/accounts.ts';
import type { TestApp } from '#test/app.ts';
import { insertEpisode, insertTitle, type NewUser } from '#test/factories.ts';

export interface Reader {
  user: UserRow;
  cookie: string;
}

let ipCounter = 0;
/** Each login from its own address, so that the per-IP login limit never matters here. */
const freshIp = () => `10.13.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** A logged-in reader with an active account. */
export async function createReader(t: TestApp, overrides: Partial<NewUser> = {}): Promise<Reader> {
  const user = await createAccount(t, overrides);
  const cookie = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
  return { user, cookie };
}

/** A logged-in reader with a staff role (granted as `npm run operator -- add <email> --role <role>` does). */
export async function createStaff(t: TestApp, role: StaffRole): Promise<Reader> {
  const reader = await createReader(t);
  await t.app.container.services.staff.grantByCommandLine(reader.user.email as string, role);
  return reader;
}

/** A logged-in moderator (the operator of ADR 013). */
export function createModerator(t: TestApp): Promise<Reader> {
  return createStaff(t, StaffRole.Moderator);
}

/** A published title with one released, free episode open for comments. */
export async function createEpisode(
  t: TestApp,
  overrides: { title?: Partial<NewTitle>; episode?: Partial<NewEpisode> } = {},
): Promise<EpisodeRow> {
  const title = await insertTitle(t.database.db, overrides.title);
  return insertEpisode(t.database.db, { title_id: title.id, ...overrides.episode });
}

/** Opens the episode in the web viewer, which records that the reader viewed it. */
export async function view(t: TestApp, reader: Reader, episodeId: number, cookie = ''): Promise<void> {
  const res = await get(t, `/web/episode/viewer?episode_id=${episodeId}`, {
    cookie: [reader.cookie, cookie].filter(Boolean).join('; '),
  });
  if (res.statusCode !== 200) throw new Error(`viewer answered ${res.statusCode}: ${res.body}`);
}

export function postComment(t: TestApp, reader: Reader | null, episodeId: number, comment: string) {
  return post(t, '/episode/comment/post', { episode_id: String(episodeId), comment }, { cookie: reader?.cookie ?? '' });
}

/** Posts and returns the new comment's id; throws unless the post succeeded. */
export async function postedCommentId(t: TestApp, reader: Reader, episodeId: number, comment: string) {
  const res = await postComment(t, reader, episodeId, comment);
  if (res.statusCode !== 200) throw new Error(`post answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { comment: { comment_id: number } }).comment.comment_id;
}

export function commentAction(t: TestApp, reader: Reader | null, action: string, commentId: number | string) {
  return post(t, `/episode/comment/${action}`, { comment_id: String(commentId) }, { cookie: reader?.cookie ?? '' });
}

/** The ids of GET /episode/comment/list as `reader` (or a guest) sees them. */
export async function listedIds(t: TestApp, reader: Reader | null, episodeId: number, query = ''): Promise<number[]> {
  const res = await get(t, `/episode/comment/list?episode_id=${episodeId}${query}`, { cookie: reader?.cookie ?? '' });
  if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { comment_list: { comment_id: number }[] }).comment_list.map((c) => c.comment_id);
}

export async function episodeCommentNum(t: TestApp, episodeId: number): Promise<number> {
  const res = await get(t, `/episode/list?episode_id_list=${episodeId}`);
  return (res.json() as { episode_list: { comment_num: number }[] }).episode_list[0]?.comment_num ?? -1;
}

export function bodyOf<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
