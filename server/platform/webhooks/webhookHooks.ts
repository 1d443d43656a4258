// The Webhook screen's hooks: a subscription's URL and event types checked on every write, its signing secret saved
// into a column no definition names (so never answered, never in the user log: write-only, kept when left empty
// on a change), and a delivery's detail showing the body its event sends.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { formatMessage } from '../../../engine/rules';
import { ApiError } from '../core/apiError';
import type { Schema } from '../db/schema';
import { definitionDb } from '../db/definitionDb';
import type { HookRegistry } from '../resources/hooks';
import type { Row } from '../resources/records';
import { EVENT_TABLE, SUBSCRIPTION_TABLE } from './webhookEvents';
import { SECRET_MIN_LENGTH, WEBHOOK_TEXTS, eventBody, eventTypesProblem, urlProblem } from './webhookRules';

export const SUBSCRIPTION_RESOURCE = 'webhook-subscription';
export const DELIVERY_RESOURCE = 'webhook-delivery';
export const SECRET_FIELD = 'signingsecret';
/** The delivery definition's `stored: false` field: the body its event sends. */
export const BODY_FIELD = 'payload';

const invalidField = (field: string, message: string) => new ApiError(CODES.VALIDATION, message, 200, { [field]: message });

/** The URL and event types among written values (stored: a list as JSON text). */
function checkValues(values: Row): void {
  if ('url' in values) {
    const problem = urlProblem(values.url);
    if (problem) throw invalidField('url', problem);
  }
  if ('eventtypes' in values) {
    const types = typeof values.eventtypes === 'string' ? (JSON.parse(values.eventtypes) as unknown) : values.eventtypes;
    const problem = eventTypesProblem(types);
    if (problem) throw invalidField('eventtypes', problem);
  }
}

async function saveSecret(trx: Kysely<Schema>, record: Row, values: Row): Promise<void> {
  const table = definitionDb(trx).selectFrom(SUBSCRIPTION_TABLE);
  const secret = typeof values[SECRET_FIELD] === 'string' ? (values[SECRET_FIELD] as string) : '';
  if (secret === '') {
    const stored = (await table.select(SECRET_FIELD).where('webhookcode', '=', record.webhookcode).executeTakeFirst()) as { signingsecret: string | null } | undefined;
    if (!stored?.signingsecret) throw invalidField(SECRET_FIELD, WEBHOOK_TEXTS.secretRequired);
    return;
  }
  if ([...secret].length < SECRET_MIN_LENGTH) throw invalidField(SECRET_FIELD, formatMessage(WEBHOOK_TEXTS.secretShort, { n: SECRET_MIN_LENGTH }));
  await definitionDb(trx).updateTable(SUBSCRIPTION_TABLE).set({ [SECRET_FIELD]: secret }).where('webhookcode', '=', record.webhookcode).execute();
}

export const webhookHooks: HookRegistry = {
  [SUBSCRIPTION_RESOURCE]: {
    deriveColumns: async (_ctx, _trx, values) => {
      checkValues(values);
      return {};
    },
    changeColumns: (_ctx, _trx, { changes }) => {
      checkValues(changes);
      return undefined;
    },
    saveUnstored: (_ctx, trx, record, values) => saveSecret(trx, record, values),
  },
  [DELIVERY_RESOURCE]: {
    loadUnstored: async (db, record) => {
      const event = (await definitionDb(db).selectFrom(EVENT_TABLE).selectAll().where('eventid', '=', record.eventid).executeTakeFirst()) as
        | { eventid: string; eventtype: string; occurredat: string; payload: string }
        | undefined;
      return { [BODY_FIELD]: event ? JSON.stringify(JSON.parse(eventBody(event)), null, 2) : null };
    },
  },
};
