// The API's posts credited together: posts arriving while a batch is being written wait, then go as the next
// batch, rated and written in one transaction with a statement a table (accrualBatch.ts), as an activity file's
// chunk is. A post answers as it would alone: credited, rejected by the rules or parked, or refused with nothing
// written (its segment credited already, also by a post of the same batch). Should a batch fail as a whole (a
// segment claimed meanwhile by another writer, a member closed between its reading and its credit), each of its
// posts is posted again on its own (postActivity, a batch of one), so each gets its own answer.
import type { Kysely } from 'kysely';
import { isSqlite } from '../../platform/db/columnTypes';
import { groupCommitOf } from '../../platform/db/groupCommit';
import type { Schema } from '../../platform/db/schema';
import { generateKey } from '../../../engine/definition/generatedKey';
import { countRollupsPerStatement } from '../../platform/rollups/rollupStore';
import { postActivity, rateBatch, writeBatch } from './accrualBatch';
import { type Posted, type PostedActivity, type WriteContext } from './accrualStore';

type Db = Kysely<Schema>;

/** The most posts one batch takes. */
export const MAX_POSTS = 64;
/**
 * PostgreSQL: batches written at once (each on a connection of its own). SQLite writes one at a time. The members
 * of a batch are locked in memberid order (ledgerCredits.creditMany), so two batches do not deadlock on them.
 */
export const PG_BATCHES = 2;
/** PostgreSQL: from this many activities a batch counts its rollups per statement (a statement trigger plans its query at each call). */
export const PER_STATEMENT_FROM = 2;

interface Waiting {
  activity: PostedActivity;
  w: WriteContext;
  resolve(posted: Posted): void;
  reject(error: unknown): void;
}

/** What a queue has done: batches written, the posts they took, and posts written alone after their batch failed. */
export interface PostingStats {
  batches: number;
  posts: number;
  alone: number;
}

export type Post = ((activity: PostedActivity, w: WriteContext) => Promise<Posted>) & { stats: PostingStats };

function postingQueue(db: Db): Post {
  const queue: Waiting[] = [];
  const sqlite = isSqlite(db);
  const most = sqlite ? 1 : PG_BATCHES;
  let running = 0;
  const stats: PostingStats = { batches: 0, posts: 0, alone: 0 };

  /** A post alone, in a transaction of its own (shared with other writers' on SQLite). */
  function alone(item: Waiting): Promise<void> {
    stats.alone += 1;
    return groupCommitOf(db)((trx) => postActivity(trx as unknown as Db, item.activity, 'API', item.w)).then(item.resolve, item.reject);
  }

  async function run(batch: Waiting[]): Promise<void> {
    // The batch is written by its first post's user at its time; each activity keeps a key of its own post's time.
    const w = batch[0]!.w;
    let outcomes;
    try {
      outcomes = await db.transaction().execute(async (trx) => {
        if (batch.length >= PER_STATEMENT_FROM) await countRollupsPerStatement(trx);
        const rated = await rateBatch(trx, w, batch.map((item) => ({ activity: item.activity, id: generateKey(item.w.now) })), 'refuse');
        return writeBatch(trx, w, rated, 'API', 'refuse');
      });
    } catch {
      await Promise.all(batch.map(alone));
      return;
    }
    stats.batches += 1;
    stats.posts += batch.length;
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if ('refusal' in outcome) item.reject(outcome.refusal);
      else item.resolve(outcome.posted);
    });
  }

  /** The next batch: the first waiting post and those after it of the same user, up to MAX_POSTS. */
  function take(): Waiting[] {
    const user = queue[0]!.w.user;
    const batch: Waiting[] = [];
    for (let i = 0; i < queue.length && batch.length < MAX_POSTS; ) {
      if (queue[i]!.w.user === user) batch.push(...queue.splice(i, 1));
      else i += 1;
    }
    return batch;
  }

  function drain(): void {
    while (running < most && queue.length > 0) {
      running += 1;
      void run(take()).finally(() => {
        running -= 1;
        drain();
      });
    }
  }

  const post = (activity: PostedActivity, w: WriteContext) =>
    new Promise<Posted>((resolve, reject) => {
      queue.push({ activity, w, resolve, reject });
      // Posts arriving in this turn of the event loop join the batch.
      if (queue.length === 1) setImmediate(drain);
    });
  return Object.assign(post, { stats });
}

const queues = new WeakMap<object, Post>();

/** The posting queue of a database (every post to it shares the queue). */
export function postingQueueOf(db: Db): Post {
  let post = queues.get(db);
  if (!post) queues.set(db, (post = postingQueue(db)));
  return post;
}
