import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { nowMs as clockNowMs } from '../../clock';
import { type HealthRecord, isAbnormal } from '../../domain/records';
import { isLive } from '../../domain/retention';
import {
  type DeleteSelector,
  type ExpiringCounts,
  type IndexedReading,
  type KeyedRow,
  type KeyedWrite,
  type ListPage,
  type ListQuery,
  QUERY_COUNT_CAP,
  type ReadingScan,
  type ReadingScanQuery,
  type RecordQuery,
  type RecordQueryResult,
  type RecordStore,
  type SessionEntry,
  SubjectErasedError,
  type SweepHooks,
  type Tally,
} from '../../ports/record-store';
import { batchGetAll, batchWriteAll, countLive, deleteAll, queryAll } from './batch';
import { applied } from './conditional';
import {
  EXPIRY_SHARDS,
  EXPORT_PREFIX,
  expiryShard,
  FILE_PREFIX,
  INTENT_PREFIX,
  KEY_PREFIX,
  LIVE_FILTER,
  RECORD_PREFIX,
  RESPONSE_PREFIX,
  SESSION_PREFIX,
  SUBJECT_SK,
  WATCH_PREFIX,
} from './records-layout';

/**
 * A batch write still unfinished after this long was abandoned by a crashed writer (one `putAll` writes at most a
 * slice of a thousand rows, seconds of work). Should a slow writer outlive it, its commit finds the intent gone and
 * removes its own rows: recovery and writer never both keep a batch.
 */
const INTENT_TTL_SECONDS = 120;
/** An erased Subject whose purge job never ran is purged by the sweeper after this long. */
const ERASED_SUBJECT_SWEEP_SECONDS = 900;
/** Rows one query of `deleteIdRange` reads before deleting them. */
const RANGE_PAGE = 1000;
/** DynamoDB's bound on the operands of one `IN`. */
const MAX_IN_OPERANDS = 100;
/** What a row read by `query` carries: everything but its FHIR mirror, the bulk of the item. */
const ROW_ATTRIBUTES = [
  'id',
  'indicator',
  'value',
  'parsedValue',
  'parsedUnit',
  'loincCode',
  'canonicalName',
  'fhirResourceId',
  'time',
  'endTime',
  'source',
  'comment',
  'referenceLow',
  'referenceHigh',
  'referenceText',
  'abnormal',
  'sessionId',
  'fileKey',
  'retention',
  'expiresAt',
  'createdAt',
] as const;

/** Keyed rows handled per round: one BatchGetItem walk of their key items and one id allocation. */
const KEYED_SLICE = 1000;
/** Rounds a slice may lose races for its new keys before the write gives up (each loss means another writer won). */
const KEY_RACE_ROUNDS = 5;
/** Single-item conditional writes in flight at once (key items are written and deleted one by one). */
const KEY_ITEM_PARALLEL = 8;
/** First wait before reading again keys whose rows another writer's batch is still writing (doubled each round). */
const IN_FLIGHT_WAIT_MS = 100;

type Item = Record<string, unknown>;

/** A keyed row on its way to the store, with the hash naming its key item. */
interface PendingKeyed {
  row: KeyedRow;
  keyHash: string;
}

/**
 * Records of all Subjects in one table, one partition per Subject: the Subject's id counter, its
 * rows (each carrying its FHIR mirror, so a row and its mirror are written and deleted as one item),
 * its sessions and the intents of batch writes in flight. No transactions are needed, so the same
 * code runs on DynamoDB, DynamoDB Local and the embedded emulator.
 */
export class DynamoRecordStore implements RecordStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async createSubject(subjectId: string, accountId: string, subjectKey: string, at: string): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        // attribute `user`: the Subject key (legacy spelling).
        Item: { pk: subjectId, sk: SUBJECT_SK, nextId: 0, accountId, user: subjectKey, createdAt: at },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async discardSubject(subjectId: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: subjectId, sk: SUBJECT_SK } }));
  }

  async allocateIds(subjectId: string, count: number): Promise<number> {
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: SUBJECT_SK },
          UpdateExpression: 'ADD nextId :n',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(erasedAt)',
          ExpressionAttributeValues: { ':n': count },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(out.Attributes?.nextId) - count + 1;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new SubjectErasedError(subjectId);
      throw err;
    }
  }

  async putAll(subjectId: string, records: HealthRecord[]): Promise<void> {
    await this.putItems(
      subjectId,
      records.map((r) => r.id),
      records.map(toItem),
    );
  }

  /** `putAll` for ready items (`ids[i]` is the id of `items[i]`). */
  private async putItems(subjectId: string, ids: number[], items: Item[]): Promise<void> {
    if (items.length === 0) return;
    const firstId = Math.min(...ids);
    const intentKey = { pk: subjectId, sk: INTENT_PREFIX + pad(firstId) };
    const now = Math.floor(clockNowMs() / 1000);
    // The intent makes a crashed writer's partial batch findable: the sweeper rolls back its id range.
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...intentKey,
          firstId,
          lastId: Math.max(...ids),
          expiresAt: now + INTENT_TTL_SECONDS,
          expiryShard: expiryShard(firstId),
        },
      }),
    );
    const rowKeys = ids.map((id) => recordKey(subjectId, id));
    try {
      await batchWriteAll(
        this.doc,
        this.table,
        items.map((Item) => ({ PutRequest: { Item } })),
      );
      // Ids reserved before an erase may be written after it: such rows would outlive the purge.
      if (await this.isErased(subjectId)) throw new SubjectErasedError(subjectId);
    } catch (err) {
      // All or nothing: remove whatever part of the batch landed, then keep the intent only if that failed too.
      await deleteAll(this.doc, this.table, rowKeys).then(
        () => this.doc.send(new DeleteCommand({ TableName: this.table, Key: intentKey })),
        () => undefined,
      );
      throw err;
    }
    // The commit: one conditional delete makes the whole batch readable at once. The intent is gone only if recovery
    // took this batch for abandoned and rolled it back; then none of it may stay.
    const committed = await applied(
      this.doc.send(
        new DeleteCommand({ TableName: this.table, Key: intentKey, ConditionExpression: 'attribute_exists(pk)' }),
      ),
    );
    if (!committed) {
      await deleteAll(this.doc, this.table, rowKeys);
      throw new Error('The batch outlived its write intent and was rolled back');
    }
  }

  async putKeyed(subjectId: string, rows: KeyedRow[], nowMs: number): Promise<KeyedWrite> {
    const outcome: KeyedWrite = { added: 0, changed: 0, unchanged: 0 };
    // A key given twice keeps its last row (a later correction in the same delivery).
    const byKey = new Map<string, KeyedRow>();
    for (const row of rows) {
      byKey.delete(row.key);
      byKey.set(row.key, row);
    }
    const unique = [...byKey.values()].map((row) => ({ row, keyHash: keyHashOf(row.key) }));
    for (let i = 0; i < unique.length; i += KEYED_SLICE) {
      let pending = unique.slice(i, i + KEYED_SLICE);
      for (let round = 0; pending.length > 0; round++) {
        if (round >= KEY_RACE_ROUNDS) throw new Error('Keyed rows kept losing the race for their keys');
        const { again, inFlight } = await this.putKeyedRound(subjectId, pending, nowMs, outcome);
        // Rows another writer is committing: its batch ends in moments (or is rolled back once abandoned).
        if (inFlight) await sleep(IN_FLIGHT_WAIT_MS * 2 ** round);
        pending = again;
      }
    }
    return outcome;
  }

  /**
   * One round of a slice: adds, rewrites or leaves each row; returns the rows to read again (another writer took their
   * key meanwhile, or is still committing the batch its key names).
   */
  private async putKeyedRound(
    subjectId: string,
    pending: PendingKeyed[],
    nowMs: number,
    outcome: KeyedWrite,
  ): Promise<{ again: PendingKeyed[]; inFlight: boolean }> {
    const stored = await this.readKeyItems(
      subjectId,
      pending.map((p) => p.keyHash),
      nowMs,
    );
    // Read after the keys: a key claimed inside a batch was claimed after its intent was written, so that intent is
    // seen here unless the batch has committed since.
    const open = stored.size > 0 ? await this.openIntents(subjectId) : [];
    const now = Math.floor(nowMs / 1000);
    const absent: PendingKeyed[] = [];
    const changed: (PendingKeyed & { id: number })[] = [];
    const again: PendingKeyed[] = [];
    const abandoned = new Map<string, Item>();
    let inFlight = false;
    for (const p of pending) {
      const found = stored.get(p.keyHash);
      const batch = found && open.find((i) => found.rowId >= i.firstId && found.rowId <= i.lastId);
      if (!found) absent.push(p);
      else if (batch) {
        // The key names a row of a batch not committed: being written, or abandoned by a writer that stopped.
        if (batch.expiresAt <= now) abandoned.set(batch.sk, batch);
        else inFlight = true;
        again.push(p);
      } else if (found.digest === p.row.digest) outcome.unchanged++;
      else changed.push({ ...p, id: found.rowId });
    }
    // An abandoned batch's rows and the keys it claimed go; its keys are read again next round, absent by then.
    for (const batch of abandoned.values()) await this.rollBack(batch);
    // A changed row is replaced whole under its id (no write intent: its id is not part of a fresh range, and a reader
    // sees the old row or the new one). A new `time` moves it in `byTime`, whose key is on the same item.
    if (changed.length > 0) {
      await batchWriteAll(
        this.doc,
        this.table,
        changed.map((c) => ({ PutRequest: { Item: keyedItem(subjectId, c.id, c) } })),
      );
      // As in `putAll`: a row rewritten while the Subject's purge ran could outlive it.
      if (await this.isErased(subjectId)) {
        await deleteAll(
          this.doc,
          this.table,
          changed.map((c) => recordKey(subjectId, c.id)),
        );
        throw new SubjectErasedError(subjectId);
      }
      await inParallel(changed, KEY_ITEM_PARALLEL, async (c) => {
        if (await this.claimKey(subjectId, c, nowMs)) {
          outcome.changed++;
          return;
        }
        // The key was deleted and taken by another writer meanwhile: this row must not stay beside that one's.
        await this.doc.send(new DeleteCommand({ TableName: this.table, Key: recordKey(subjectId, c.id) }));
        again.push(c);
      });
    }
    if (absent.length > 0) {
      const first = await this.allocateIds(subjectId, absent.length);
      const lost = await this.putNewKeyed(
        subjectId,
        absent.map((a, n) => ({ ...a, id: first + n })),
        nowMs,
      );
      outcome.added += absent.length - lost.length;
      again.push(...lost);
    }
    return { again, inFlight };
  }

  /**
   * New keyed rows, crash-safe: inside one write intent (which lists the key hashes it claims), each key is claimed
   * for its new row **before** any row is written, then the rows are written and the intent deleted (the commit). A
   * writer stopping anywhere before the commit leaves an open intent: its rows are invisible, and the rollback (the
   * sweeper's, or the next keyed write's once it has expired) deletes them and drops its claims, so the retry writes
   * one set. After the commit every row has its key. Rows whose key another writer claimed first are not written;
   * they are returned to be read again.
   */
  private async putNewKeyed(
    subjectId: string,
    entries: (PendingKeyed & { id: number })[],
    nowMs: number,
  ): Promise<PendingKeyed[]> {
    const firstId = entries[0]!.id;
    const intentKey = { pk: subjectId, sk: INTENT_PREFIX + pad(firstId) };
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...intentKey,
          firstId,
          lastId: entries[entries.length - 1]!.id,
          // Aligned with the ids: `keyHashes[n]` is claimed for `firstId + n`.
          keyHashes: entries.map((e) => e.keyHash),
          expiresAt: Math.floor(nowMs / 1000) + INTENT_TTL_SECONDS,
          expiryShard: expiryShard(firstId),
        },
      }),
    );
    const won: (PendingKeyed & { id: number })[] = [];
    const lost: PendingKeyed[] = [];
    try {
      await inParallel(entries, KEY_ITEM_PARALLEL, async (e) => {
        if (await this.claimKey(subjectId, e, nowMs)) won.push(e);
        else lost.push({ row: e.row, keyHash: e.keyHash });
      });
      await batchWriteAll(
        this.doc,
        this.table,
        won.map((e) => ({ PutRequest: { Item: keyedItem(subjectId, e.id, e) } })),
      );
      // Ids reserved before an erase may be written after it: such rows would outlive the purge.
      if (await this.isErased(subjectId)) throw new SubjectErasedError(subjectId);
    } catch (err) {
      // The rows and claims of this batch go, then its intent (kept, for the rollback, if that cleanup fails too).
      await this.rollBack({ ...intentKey, firstId, lastId: entries[entries.length - 1]!.id }).catch(() => undefined);
      throw err;
    }
    const committed = await applied(
      this.doc.send(
        new DeleteCommand({ TableName: this.table, Key: intentKey, ConditionExpression: 'attribute_exists(pk)' }),
      ),
    );
    if (!committed) {
      // Recovery took this batch for abandoned and rolled it back (its claims too); none of it may stay.
      await deleteAll(
        this.doc,
        this.table,
        won.map((e) => recordKey(subjectId, e.id)),
      );
      throw new Error('The batch outlived its write intent and was rolled back');
    }
    return lost;
  }

  /** Points a key item at a row; false when the key names another live row (a racing writer won it). */
  private claimKey(subjectId: string, c: PendingKeyed & { id: number }, nowMs: number): Promise<boolean> {
    const expiresAt = c.row.record.expiresAt;
    return applied(
      this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            pk: subjectId,
            sk: KEY_PREFIX + c.keyHash,
            rowId: c.id,
            digest: c.row.digest,
            ...(expiresAt != null ? { expiresAt, expiryShard: expiryShard(c.keyHash) } : {}),
          },
          ConditionExpression: `attribute_not_exists(pk) OR rowId = :id OR expiresAt <= :now`,
          ExpressionAttributeValues: { ':id': c.id, ':now': Math.floor(nowMs / 1000) },
        }),
      ),
    );
  }

  /** The live key items of these hashes, by hash. */
  private async readKeyItems(
    subjectId: string,
    keyHashes: string[],
    nowMs: number,
  ): Promise<Map<string, { rowId: number; digest: string }>> {
    const items = await batchGetAll(
      this.doc,
      this.table,
      keyHashes.map((h) => ({ pk: subjectId, sk: KEY_PREFIX + h })),
      ['rowId', 'digest', 'expiresAt'],
    );
    const live = new Map<string, { rowId: number; digest: string }>();
    for (const item of items) {
      if (!isLive(item.expiresAt as number | undefined, nowMs)) continue;
      live.set(String(item.sk).slice(KEY_PREFIX.length), { rowId: Number(item.rowId), digest: String(item.digest) });
    }
    return live;
  }

  async deleteKeyed(subjectId: string, keys: string[], nowMs: number): Promise<number> {
    let deleted = 0;
    const hashes = [...new Set(keys)].map(keyHashOf);
    for (let i = 0; i < hashes.length; i += KEYED_SLICE) {
      const stored = await this.readKeyItems(subjectId, hashes.slice(i, i + KEYED_SLICE), nowMs);
      await inParallel([...stored], KEY_ITEM_PARALLEL, async ([keyHash, { rowId }]) => {
        const out = await this.doc.send(
          new DeleteCommand({ TableName: this.table, Key: recordKey(subjectId, rowId), ReturnValues: 'ALL_OLD' }),
        );
        if (out.Attributes && isLive(out.Attributes.expiresAt as number | undefined, nowMs)) deleted++;
        await this.dropKeyItem(subjectId, keyHash, rowId);
      });
    }
    return deleted;
  }

  /** Deletes a key item only while it still names this row: a later write may have given the key a new row. */
  private async dropKeyItem(subjectId: string, keyHash: string, rowId: number): Promise<void> {
    await applied(
      this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: KEY_PREFIX + keyHash },
          ConditionExpression: 'rowId = :id',
          ExpressionAttributeValues: { ':id': rowId },
        }),
      ),
    );
  }

  /** The key items of deleted rows (items with `sk` and, for keyed rows, `keyHash`) go with them. */
  private async dropKeyItemsOf(subjectId: string, rows: Item[]): Promise<void> {
    const keyed = rows.filter((r) => typeof r.keyHash === 'string');
    await inParallel(keyed, KEY_ITEM_PARALLEL, (r) => this.dropKeyItem(subjectId, String(r.keyHash), rowIdOf(r)));
  }

  /**
   * Adds each row's `keyHash` to rows read from an index that does not project it; skipped (one small query) for a
   * Subject that never wrote keyed rows, as almost all have not.
   */
  private async withKeyHashes(subjectId: string, rows: Item[]): Promise<Item[]> {
    if (rows.length === 0) return rows;
    const probe = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :k)',
        ExpressionAttributeValues: { ':pk': subjectId, ':k': KEY_PREFIX },
        ProjectionExpression: 'pk',
        Limit: 1,
      }),
    );
    if ((probe.Items ?? []).length === 0) return rows;
    const full = await batchGetAll(
      this.doc,
      this.table,
      rows.map((r) => ({ pk: r.pk, sk: r.sk })),
      ['keyHash'],
    );
    const hashes = new Map(full.map((i) => [String(i.sk), i.keyHash]));
    return rows.map((r) => ({ ...r, keyHash: hashes.get(String(r.sk)) }));
  }

  private async isErased(subjectId: string): Promise<boolean> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: subjectId, sk: SUBJECT_SK },
        ProjectionExpression: 'erasedAt',
        ConsistentRead: true,
      }),
    );
    return !out.Item || out.Item.erasedAt !== undefined;
  }

  /**
   * The id ranges of the Subject's batches still being written (or abandoned by a crashed writer and not yet rolled
   * back): their rows exist but are not yet, or never will be, part of the record. Usually none.
   */
  private async openBatches(subjectId: string): Promise<{ first: number; last: number }[]> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
      ExpressionAttributeValues: { ':pk': subjectId, ':w': INTENT_PREFIX },
      ProjectionExpression: 'firstId, lastId',
      ConsistentRead: true,
    });
    return items.map((i) => ({ first: Number(i.firstId), last: Number(i.lastId) }));
  }

  /** The Subject's open write intents, whole (a keyed write rolls back an abandoned one it meets). */
  private async openIntents(
    subjectId: string,
  ): Promise<{ pk: string; sk: string; firstId: number; lastId: number; expiresAt: number }[]> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
      ExpressionAttributeValues: { ':pk': subjectId, ':w': INTENT_PREFIX },
      ProjectionExpression: 'pk, sk, firstId, lastId, expiresAt',
      ConsistentRead: true,
    });
    return items.map((i) => ({
      pk: String(i.pk),
      sk: String(i.sk),
      firstId: Number(i.firstId),
      lastId: Number(i.lastId),
      expiresAt: Number(i.expiresAt),
    }));
  }

  /** Keeps only the items (keys `R#<id>`) of committed batches. */
  private async committedOnly<T extends Item>(
    subjectId: string,
    items: T[],
    open?: Promise<{ first: number; last: number }[]>,
  ): Promise<T[]> {
    const ranges = await (open ?? this.openBatches(subjectId));
    if (ranges.length === 0) return items;
    return items.filter((i) => {
      const id = Number(String(i.sk).slice(RECORD_PREFIX.length));
      return !ranges.some((r) => id >= r.first && id <= r.last);
    });
  }

  /**
   * Rolls back every batch write still open, whatever its age: for a host starting up, when no writer of its own can
   * be running (the local runtime). Returns the rows deleted.
   */
  async rollBackOpenWrites(): Promise<number> {
    // Every intent comes due at most INTENT_TTL_SECONDS after it was written, so none lies beyond that from now:
    // the rows of time-bounded retention further out in the same index are not read.
    const horizon = Math.floor(clockNowMs() / 1000) + INTENT_TTL_SECONDS + 60;
    let deleted = 0;
    for (let shard = 0; shard < EXPIRY_SHARDS; shard++) {
      const { items } = await queryAll<Item>(this.doc, {
        TableName: this.table,
        IndexName: 'byExpiry',
        KeyConditionExpression: 'expiryShard = :shard AND expiresAt <= :horizon',
        FilterExpression: 'begins_with(sk, :w)',
        ExpressionAttributeValues: { ':shard': expiryShard(shard), ':horizon': horizon, ':w': INTENT_PREFIX },
      });
      for (const intent of items) deleted += await this.rollBack(intent);
    }
    return deleted;
  }

  async list(subjectId: string, query: ListQuery): Promise<ListPage> {
    const wanted = query.offset + query.limit + 1;
    const open = this.openBatches(subjectId);
    const filter = this.filter(subjectId, query.nowMs, query.indicator);
    if (query.after !== undefined) filter.ExpressionAttributeValues[':after'] = query.after;
    const { items: indexed } = await queryAll<Item>(
      this.doc,
      {
        TableName: this.table,
        IndexName: 'byTime',
        // A cursor is a bound on the sort key: a page at any depth is one bounded read.
        KeyConditionExpression: query.after === undefined ? 'pk = :pk' : 'pk = :pk AND timeKey < :after',
        ScanIndexForward: false,
        ...filter,
        ProjectionExpression: 'pk, sk, timeKey',
        Limit: Math.min(1000, Math.max(50, wanted)),
      },
      (got) => got.length >= wanted,
    );
    const items = await this.committedOnly(subjectId, indexed, open);
    const slice = items.slice(query.offset, query.offset + query.limit);
    const keys = slice.map((i) => ({ pk: i.pk, sk: i.sk }));
    const page = await batchGetAll(this.doc, this.table, keys);
    const hasMore = items.length > query.offset + query.limit;
    // A row deleted between the index read and the fetch is simply absent from the page.
    return {
      records: page.map(fromItem),
      hasMore,
      ...(hasMore && slice.length > 0 ? { next: String(slice[slice.length - 1]!.timeKey) } : {}),
    };
  }

  async query(subjectId: string, query: RecordQuery): Promise<RecordQueryResult> {
    const none = { records: [], total: 0, totalCapped: false, hasMore: false };
    const cap = Math.max(query.limit, query.countCap ?? QUERY_COUNT_CAP);
    const values: Item = { ':pk': subjectId, ':now': Math.floor(query.nowMs / 1000) };
    const keyCondition = timeWindow(query.fromTime, query.toTime, values);
    if (!keyCondition) return none;

    const filters = [`(${LIVE_FILTER})`];
    const matchers: string[] = [];
    const codes = [...new Set(query.codes ?? [])].filter((c) => c !== '');
    if (codes.length > MAX_IN_OPERANDS) throw new Error(`At most ${MAX_IN_OPERANDS} codes per query`);
    if (codes.length > 0) {
      codes.forEach((code, i) => {
        values[`:c${i}`] = code;
      });
      matchers.push(`loincCode IN (${codes.map((_, i) => `:c${i}`).join(', ')})`);
    }
    const text = query.text?.trim().toLowerCase();
    if (text) {
      values[':q'] = text;
      matchers.push('contains(searchText, :q)');
    }
    if (matchers.length > 0) filters.push(`(${matchers.join(' OR ')})`);
    if (query.abnormalOnly) {
      // Candidates only; whether a value lies outside its range is decided below (`parsedValue` is a string).
      values[':yes'] = true;
      values[':n'] = 'N';
      filters.push('(abnormal = :yes OR attribute_type(referenceLow, :n) OR attribute_type(referenceHigh, :n))');
    }

    const matches = (item: Item) =>
      !query.abnormalOnly ||
      isAbnormal({
        abnormal: (item.abnormal as boolean | null | undefined) ?? null,
        parsedValue: (item.parsedValue as string | null | undefined) ?? null,
        referenceLow: (item.referenceLow as number | null | undefined) ?? null,
        referenceHigh: (item.referenceHigh as number | null | undefined) ?? null,
      });
    const open = this.openBatches(subjectId);
    const found: Item[] = [];
    let seen = 0;
    await queryAll<Item>(
      this.doc,
      {
        TableName: this.table,
        IndexName: 'byTime',
        KeyConditionExpression: keyCondition,
        FilterExpression: filters.join(' AND '),
        ExpressionAttributeValues: values,
        ProjectionExpression: 'pk, sk, abnormal, parsedValue, referenceLow, referenceHigh',
        ScanIndexForward: false,
        Limit: 1000,
      },
      (got) => {
        for (; seen < got.length; seen++) if (matches(got[seen]!)) found.push(got[seen]!);
        // One past the cap tells a capped count from an exact one.
        return found.length > cap;
      },
    );
    const matched = await this.committedOnly(subjectId, found, open);
    const keys = matched.slice(0, query.limit).map((i) => ({ pk: i.pk, sk: i.sk }));
    // A row deleted between the index read and the fetch is simply absent.
    const records = (await batchGetAll(this.doc, this.table, keys, ROW_ATTRIBUTES)).map(fromItem);
    const total = Math.min(matched.length, cap);
    return { records, total, totalCapped: matched.length > cap, hasMore: total > keys.length };
  }

  async scanReadings(subjectId: string, query: ReadingScanQuery): Promise<ReadingScan> {
    const values: Item = { ':pk': subjectId, ':now': Math.floor(query.nowMs / 1000) };
    const window = timeWindow(query.fromTime, query.toTime, values);
    if (!window) return { rows: [], complete: true };
    const filters = [`(${LIVE_FILTER})`];
    if (query.code !== undefined) {
      values[':code'] = query.code;
      filters.push('loincCode = :code');
    }
    const text = query.text?.trim().toLowerCase();
    if (text) {
      values[':q'] = text;
      filters.push('contains(searchText, :q)');
    }
    const open = this.openBatches(subjectId);
    const { items, exhausted } = await queryAll<Item>(
      this.doc,
      {
        TableName: this.table,
        IndexName: 'byTime',
        KeyConditionExpression: window,
        FilterExpression: filters.join(' AND '),
        ExpressionAttributeValues: values,
        // Index attributes only: a small entry per row, so 10,000 rows are a few reads.
        ProjectionExpression: 'sk, timeKey, loincCode, searchText, parsedValue, abnormal, referenceLow, referenceHigh',
        ScanIndexForward: false,
        Limit: 1000,
      },
      // One past the limit tells a cut read from one that reached the end.
      (got) => got.length > query.limit || Date.now() >= query.deadlineMs,
    );
    const committed = await this.committedOnly(subjectId, items, open);
    return {
      rows: committed.slice(0, query.limit).map(indexedReadingOf),
      complete: exhausted && committed.length <= query.limit,
    };
  }

  async getRows(subjectId: string, ids: readonly number[], nowMs: number): Promise<HealthRecord[]> {
    const keys = [...new Set(ids)].map((id) => recordKey(subjectId, id) as { pk: string; sk: string });
    const items = await batchGetAll(this.doc, this.table, keys, ROW_ATTRIBUTES);
    return items.filter((i) => isLive(i.expiresAt as number | undefined, nowMs)).map(fromItem);
  }

  async count(subjectId: string, nowMs: number): Promise<number> {
    return (await this.tally(subjectId, nowMs)).count;
  }

  tally(subjectId: string, nowMs: number, deadlineMs?: number): Promise<Tally> {
    return countLive(this.doc, this.table, subjectId, RECORD_PREFIX, nowMs, deadlineMs);
  }

  async delete(subjectId: string, selector: DeleteSelector, nowMs: number): Promise<number> {
    if ('id' in selector) {
      const out = await this.doc.send(
        new DeleteCommand({ TableName: this.table, Key: recordKey(subjectId, selector.id), ReturnValues: 'ALL_OLD' }),
      );
      if (out.Attributes) await this.dropKeyItemsOf(subjectId, [out.Attributes]);
      return out.Attributes && isLive(out.Attributes.expiresAt as number | undefined, nowMs) ? 1 : 0;
    }
    const input =
      'indicator' in selector
        ? {
            TableName: this.table,
            IndexName: 'byTime',
            KeyConditionExpression: 'pk = :pk',
            FilterExpression: 'contains(searchText, :q)',
            ExpressionAttributeValues: { ':pk': subjectId, ':q': selector.indicator.trim().toLowerCase() },
          }
        : {
            TableName: this.table,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
            ExpressionAttributeValues: { ':pk': subjectId, ':r': RECORD_PREFIX },
            ProjectionExpression: 'pk, sk, expiresAt, keyHash',
          };
    const { items: found } = await queryAll<Item>(this.doc, { ProjectionExpression: 'pk, sk, expiresAt', ...input });
    // The time index does not carry `keyHash`; the table itself does.
    const items = 'indicator' in selector ? await this.withKeyHashes(subjectId, found) : found;
    await deleteAll(
      this.doc,
      this.table,
      items.map((i) => ({ pk: i.pk, sk: i.sk })),
    );
    await this.dropKeyItemsOf(subjectId, items);
    return items.filter((i) => isLive(i.expiresAt as number | undefined, nowMs)).length;
  }

  async deleteSession(subjectId: string, sessionId: string, nowMs: number): Promise<number> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      IndexName: 'bySession',
      KeyConditionExpression: 'sessionKey = :s AND begins_with(sk, :r)',
      ExpressionAttributeValues: { ':s': sessionKeyOf(subjectId, sessionId), ':r': RECORD_PREFIX },
      ProjectionExpression: 'pk, sk, expiresAt',
    });
    const rows = await this.withKeyHashes(subjectId, items);
    await deleteAll(
      this.doc,
      this.table,
      rows.map((i) => ({ pk: i.pk, sk: i.sk })),
    );
    await this.dropKeyItemsOf(subjectId, rows);
    return items.filter((i) => isLive(i.expiresAt as number | undefined, nowMs)).length;
  }

  async openSession(subjectId: string, sessionId: string, at: string): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: subjectId, sk: SESSION_PREFIX + sessionId },
        UpdateExpression: 'SET sessionId = :id, openedAt = if_not_exists(openedAt, :at), #s = :open REMOVE closedAt',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':id': sessionId, ':at': at, ':open': 'open' },
      }),
    );
  }

  async listSessions(subjectId: string): Promise<SessionEntry[]> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': subjectId, ':s': SESSION_PREFIX },
      ProjectionExpression: 'sessionId, openedAt, closedAt, #s',
      ExpressionAttributeNames: { '#s': 'status' },
    });
    return items
      .map(
        (i): SessionEntry => ({
          sessionId: String(i.sessionId),
          status: i.status === 'closed' ? 'closed' : 'open',
          openedAt: String(i.openedAt),
          closedAt: typeof i.closedAt === 'string' ? i.closedAt : null,
        }),
      )
      .sort((a, b) => b.openedAt.localeCompare(a.openedAt) || a.sessionId.localeCompare(b.sessionId));
  }

  async closeSession(subjectId: string, sessionId: string, at: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: SESSION_PREFIX + sessionId },
          UpdateExpression: 'SET #s = :closed, closedAt = :at',
          ConditionExpression: '#s = :open',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':closed': 'closed', ':open': 'open', ':at': at },
        }),
      ),
    );
  }

  async tombstoneSubject(subjectId: string, nowMs: number): Promise<void> {
    const now = Math.floor(nowMs / 1000);
    await this.doc
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: SUBJECT_SK },
          UpdateExpression: 'SET erasedAt = if_not_exists(erasedAt, :now), expiresAt = :sweep, expiryShard = :shard',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':now': now,
            ':sweep': now + ERASED_SUBJECT_SWEEP_SECONDS,
            ':shard': expiryShard(subjectId),
          },
        }),
      )
      .catch((err) => {
        // Already purged: nothing left to tombstone.
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
      });
  }

  purgeSubject(subjectId: string): Promise<number> {
    return this.purge(subjectId);
  }

  /** Purges an erased Subject, calling `before` (once it is known to be erased) ahead of its items. */
  private async purge(subjectId: string, before?: (subjectId: string) => Promise<void>): Promise<number> {
    const subject = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: subjectId, sk: SUBJECT_SK }, ConsistentRead: true }),
    );
    // Never purge a live Subject: only a tombstoned (or already purged) one.
    if (subject.Item && subject.Item.erasedAt === undefined) return 0;
    await before?.(subjectId);
    let deleted = 0;
    for (;;) {
      const { items } = await queryAll<Item>(this.doc, {
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': subjectId },
        ProjectionExpression: 'pk, sk',
      });
      const rest = items.filter((i) => i.sk !== SUBJECT_SK);
      if (rest.length === 0) break;
      await deleteAll(
        this.doc,
        this.table,
        rest.map((i) => ({ pk: i.pk, sk: i.sk })),
      );
      deleted += rest.length;
    }
    if (subject.Item) {
      await this.discardSubject(subjectId);
      deleted += 1;
    }
    return deleted;
  }

  async deleteIdRange(
    subjectId: string,
    range: { first: number; count: number },
    maxItems = Number.POSITIVE_INFINITY,
  ): Promise<{ deleted: number; done: boolean }> {
    let deleted = 0;
    if (range.count <= 0) return { deleted, done: true };
    // Only rows that exist are read and deleted: a file that failed early wrote a small part of its range.
    for (;;) {
      const limit = Math.min(RANGE_PAGE, maxItems - deleted);
      if (limit <= 0) return { deleted, done: false };
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
          ExpressionAttributeValues: {
            ':pk': subjectId,
            ':first': recordKey(subjectId, range.first).sk,
            ':last': recordKey(subjectId, range.first + range.count - 1).sk,
          },
          ProjectionExpression: 'pk, sk, keyHash',
          // A worker deleting what it has just written must see all of it.
          ConsistentRead: true,
          Limit: limit,
        }),
      );
      const rows = out.Items ?? [];
      const keys = rows.map((i) => ({ pk: i.pk, sk: i.sk }));
      await deleteAll(this.doc, this.table, keys);
      await this.dropKeyItemsOf(subjectId, rows);
      deleted += keys.length;
      if (!out.LastEvaluatedKey) return { deleted, done: true };
    }
  }

  async sweepExpired(nowMs: number, maxItems: number, hooks: SweepHooks = {}): Promise<number> {
    const now = Math.floor(nowMs / 1000);
    let deleted = 0;
    for (let shard = 0; shard < EXPIRY_SHARDS && deleted < maxItems; shard++) {
      const { items } = await queryAll<Item>(
        this.doc,
        {
          TableName: this.table,
          IndexName: 'byExpiry',
          KeyConditionExpression: 'expiryShard = :shard AND expiresAt <= :now',
          ExpressionAttributeValues: { ':shard': expiryShard(shard), ':now': now },
        },
        (got) => got.length >= maxItems - deleted,
      );
      const records: Item[] = [];
      const responses: Item[] = [];
      const keyItems: Item[] = [];
      for (const item of items) {
        const sk = String(item.sk);
        // Bucket objects of an erased Subject go first: once its items are purged, nothing leads to them.
        if (sk === SUBJECT_SK) deleted += await this.purge(String(item.pk), hooks.onErasedSubject);
        else if (sk.startsWith(INTENT_PREFIX)) deleted += await this.rollBack(item);
        else if (sk.startsWith(WATCH_PREFIX)) {
          if (!hooks.onDueWatch) continue;
          const fileKey = sk.slice(WATCH_PREFIX.length);
          const outcome = await hooks.onDueWatch(String(item.pk), fileKey, Math.max(1, maxItems - deleted));
          deleted += outcome.deleted;
          if (outcome.settled) deleted += await this.dropWatch(item, now);
        } else if (sk.startsWith(FILE_PREFIX)) {
          // A file's bytes go before its entry, so an interrupted sweep leaves nothing unfindable.
          if (hooks.onExpiredFile) await hooks.onExpiredFile(String(item.pk), sk.slice(FILE_PREFIX.length));
          records.push(item);
        } else if (sk.startsWith(RESPONSE_PREFIX) || sk.startsWith(EXPORT_PREFIX)) responses.push(item);
        else if (sk.startsWith(KEY_PREFIX)) keyItems.push(item);
        else records.push(item);
      }
      if (responses.length > 0) {
        // A large stored response keeps its body in the bucket, an export its file; the index does not carry the pointer.
        const keys = responses.map((i) => ({ pk: i.pk, sk: i.sk }));
        const objects = (await batchGetAll(this.doc, this.table, keys, ['blobKey']))
          .map((i) => i.blobKey)
          .filter((k): k is string => typeof k === 'string');
        if (objects.length > 0 && hooks.onExpiredObjects) await hooks.onExpiredObjects(objects);
        records.push(...responses);
      }
      if (hooks.onExpiring) {
        for (const [subjectId, { counts, ...batch }] of expiringBatches(records)) {
          await hooks.onExpiring(subjectId, counts, batch);
        }
      }
      await deleteAll(
        this.doc,
        this.table,
        records.map((i) => ({ pk: i.pk, sk: i.sk })),
      );
      deleted += records.length;
      // A key item rewritten since the index was read names a live row now; only a still-expired one goes.
      await inParallel(keyItems, KEY_ITEM_PARALLEL, async (k) => {
        if (await this.dropExpired(k, now)) deleted++;
      });
    }
    return deleted;
  }

  /** Deletes a settled file's watch, unless it was moved meanwhile (the file failed since, and is to be met again). */
  private async dropWatch(watch: Item, now: number): Promise<number> {
    return (await this.dropExpired(watch, now)) ? 1 : 0;
  }

  /** Deletes an item only if it is still expired at `now`. */
  private dropExpired(item: Item, now: number): Promise<boolean> {
    return applied(
      this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { pk: item.pk, sk: item.sk },
          ConditionExpression: 'expiresAt <= :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      ),
    );
  }

  /**
   * Removes the rows of an abandoned batch write and the keys a keyed batch claimed (each only while it still names
   * the batch's row), then its intent. The key hashes are read from the intent itself: the expiry index does not
   * carry them.
   */
  private async rollBack(intent: Item): Promise<number> {
    const subjectId = String(intent.pk);
    const firstId = Number(intent.firstId);
    const keys: Item[] = [];
    for (let id = firstId; id <= Number(intent.lastId); id++) keys.push(recordKey(subjectId, id));
    await deleteAll(this.doc, this.table, keys);
    const full = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: intent.pk, sk: intent.sk },
        ProjectionExpression: 'keyHashes',
        ConsistentRead: true,
      }),
    );
    const claimed = (full.Item?.keyHashes as string[] | undefined) ?? [];
    await inParallel(
      claimed.map((keyHash, n) => ({ keyHash, rowId: firstId + n })),
      KEY_ITEM_PARALLEL,
      (c) => this.dropKeyItem(subjectId, c.keyHash, c.rowId),
    );
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: intent.pk, sk: intent.sk } }));
    return keys.length;
  }

  private filter(subjectId: string, nowMs: number, indicator: string | undefined) {
    const values: Item = { ':pk': subjectId, ':now': Math.floor(nowMs / 1000) };
    let expression = `(${LIVE_FILTER})`;
    if (indicator !== undefined && indicator.trim() !== '') {
      values[':q'] = indicator.trim().toLowerCase();
      expression += ' AND contains(searchText, :q)';
    }
    return { FilterExpression: expression, ExpressionAttributeValues: values };
  }
}

/**
 * The key condition of a time window on `<ISO time>#<id>` (`#~` sorts after every id of the last instant), its bounds
 * put in `values`; null for an empty window.
 */
function timeWindow(fromTime: string | undefined, toTime: string | undefined, values: Item): string | null {
  const high = toTime === undefined ? undefined : `${toTime}#~`;
  if (fromTime !== undefined && high !== undefined && fromTime > high) return null;
  if (fromTime !== undefined) values[':lo'] = fromTime;
  if (high !== undefined) values[':hi'] = high;
  if (fromTime !== undefined && high !== undefined) return 'pk = :pk AND timeKey BETWEEN :lo AND :hi';
  if (fromTime !== undefined) return 'pk = :pk AND timeKey >= :lo';
  if (high !== undefined) return 'pk = :pk AND timeKey <= :hi';
  return 'pk = :pk';
}

function indexedReadingOf(item: Item): IndexedReading {
  const timeKey = String(item.timeKey);
  return {
    id: Number(String(item.sk).slice(RECORD_PREFIX.length)),
    time: timeKey.slice(0, timeKey.lastIndexOf('#')),
    loincCode: typeof item.loincCode === 'string' ? item.loincCode : null,
    // `searchText` is `<indicator>\0<canonical name>`, lower-cased (see toItem).
    indicatorLower: String(item.searchText ?? '').split('\u0000')[0]!,
    parsedValue: typeof item.parsedValue === 'string' ? item.parsedValue : null,
    abnormal: typeof item.abnormal === 'boolean' ? item.abnormal : null,
    referenceLow: typeof item.referenceLow === 'number' ? item.referenceLow : null,
    referenceHigh: typeof item.referenceHigh === 'number' ? item.referenceHigh : null,
  };
}

/** `base64url(sha256(key))`: a fixed-size sort key whatever the natural key's length or characters. */
function keyHashOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('base64url');
}

/** A keyed row's item: the row, and the hash of its key so that deleting the row can find its key item. */
function keyedItem(subjectId: string, id: number, p: PendingKeyed): Item {
  return { ...toItem({ ...p.row.record, subjectId, id }), keyHash: p.keyHash };
}

function rowIdOf(item: Item): number {
  return Number(String(item.sk).slice(RECORD_PREFIX.length));
}

/** Runs `work` over the items, at most `limit` at once; every call settles before the first failure is thrown. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.err;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function pad(id: number): string {
  return String(id).padStart(12, '0');
}

function recordKey(subjectId: string, id: number): Item {
  return { pk: subjectId, sk: RECORD_PREFIX + pad(id) };
}

function sessionKeyOf(subjectId: string, sessionId: string): string {
  return `${subjectId}#${sessionId}`;
}

function toItem(r: HealthRecord): Item {
  const { fhir, subjectId, ...rest } = r;
  return {
    ...rest,
    ...recordKey(subjectId, r.id),
    timeKey: `${r.time}#${pad(r.id)}`,
    // Indicator as written and its canonical name, for the case-insensitive substring filter.
    searchText: `${r.indicator}\u0000${r.canonicalName ?? ''}`.toLowerCase(),
    fhirJson: JSON.stringify(fhir),
    ...(r.sessionId ? { sessionKey: sessionKeyOf(subjectId, r.sessionId) } : {}),
    ...(r.expiresAt != null ? { expiryShard: expiryShard(r.id) } : { expiresAt: undefined }),
  };
}

function fromItem(item: Item): HealthRecord {
  return {
    id: Number(item.id),
    subjectId: String(item.pk),
    indicator: String(item.indicator),
    value: String(item.value),
    parsedValue: (item.parsedValue as string | null) ?? null,
    parsedUnit: (item.parsedUnit as string | null) ?? null,
    loincCode: (item.loincCode as string | null) ?? null,
    canonicalName: (item.canonicalName as string | null) ?? null,
    fhirResourceId: String(item.fhirResourceId),
    time: String(item.time),
    endTime: (item.endTime as string | null) ?? null,
    source: item.source as HealthRecord['source'],
    comment: (item.comment as string | undefined) ?? '',
    referenceLow: (item.referenceLow as number | null) ?? null,
    referenceHigh: (item.referenceHigh as number | null) ?? null,
    referenceText: (item.referenceText as string | null) ?? null,
    abnormal: (item.abnormal as boolean | null) ?? null,
    sessionId: (item.sessionId as string | null) ?? null,
    fileKey: (item.fileKey as string | null) ?? null,
    retention: item.retention as HealthRecord['retention'],
    expiresAt: (item.expiresAt as number | null) ?? null,
    createdAt: String(item.createdAt),
    fhir: JSON.parse(String(item.fhirJson ?? '{}')),
  };
}

/** Per Subject, what a sweep pass deletes: rows (records and their mirrors), files, stored responses. */
/**
 * One pass's expiring items per Subject: counted by kind, named by a digest of their keys (a rerun over the same
 * items names the same batch) and dated by the latest expiry among them.
 */
function expiringBatches(items: Item[]): Map<string, { counts: ExpiringCounts; key: string; expiredAtMs: number }> {
  const grouped = new Map<string, { counts: ExpiringCounts; keys: string[]; expiredAtMs: number }>();
  for (const item of items) {
    const subjectId = String(item.pk);
    const batch = grouped.get(subjectId) ?? {
      counts: { records: 0, files: 0, responses: 0 },
      keys: [],
      expiredAtMs: 0,
    };
    grouped.set(subjectId, batch);
    const sk = String(item.sk);
    if (sk.startsWith(FILE_PREFIX)) batch.counts.files++;
    else if (sk.startsWith(RESPONSE_PREFIX)) batch.counts.responses++;
    else batch.counts.records++;
    batch.keys.push(sk);
    batch.expiredAtMs = Math.max(batch.expiredAtMs, Number(item.expiresAt ?? 0) * 1000);
  }
  const out = new Map<string, { counts: ExpiringCounts; key: string; expiredAtMs: number }>();
  for (const [subjectId, { counts, keys, expiredAtMs }] of grouped) {
    out.set(subjectId, { counts, key: createHash('sha256').update(keys.sort().join('\n')).digest('hex'), expiredAtMs });
  }
  return out;
}
