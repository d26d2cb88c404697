// What support reads of a reader that no other repository reads (issue 26, ADR 063): accounts by
// e-mail prefix, and the purchases of an account with what was paid. Never a password hash, a token
// or a key: the selects name their columns.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#src/db/schema.ts';

export interface ReaderMatchRow {
  id: number;
  email: string | null;
  status: string;
  region: string;
  created_at: number;
}

export interface SupportPurchaseRow {
  id: number;
  title_id: number;
  episode_id: number;
  price: number;
  paid_point: number;
  free_point: number;
  created_at: number;
}

/** `%`, `_` and the escape character itself match only themselves in a LIKE pattern. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class SupportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Accounts whose (normalised) e-mail address starts with `prefix`, exact match first, then by address. */
  listReadersByEmailPrefix(prefix: string, limit: number): Promise<ReaderMatchRow[]> {
    return this.db
      .selectFrom('user')
      .select(['id', 'email', 'status', 'region', 'created_at'])
      .where(sql<boolean>`email like ${likePrefix(prefix)} escape '\\'`)
      .orderBy(sql`case when email = ${prefix} then 0 else 1 end`)
      .orderBy('email')
      .limit(limit)
      .execute();
  }

  /** An account's purchases, newest first, one page. */
  listPurchasesOfUser(userId: number, limit: number, offset: number): Promise<SupportPurchaseRow[]> {
    return this.db
      .selectFrom('purchase')
      .select(['id', 'title_id', 'episode_id', 'price', 'paid_point', 'free_point', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }
}
