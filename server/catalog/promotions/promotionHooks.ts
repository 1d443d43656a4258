// Promotions' hooks into the generic resource API: a member registered on Member Promo is found by the card
// (a card no member holds, or a member registered already by another card, is refused), and a Promo File
// upload reports such rows per row, then registers each member it brings.
import type { Catalogue } from '../../../engine/definition/catalogue';
import { CODES } from '../../../engine/api/responseCodes';
import { ApiError } from '../../platform/core/apiError';
import type { HookRegistry, ResourceHooks, UploadProblem } from '../../platform/resources/hooks';
import { activeCode, membersOfCards, promotionText, PROMO_FILE_RESOURCE, register, registeredPairs, registrablePromotions, REGISTRATION_RESOURCE, setMember } from './promotionStore';

const refuse = (field: string, message: string) => new ApiError(CODES.VALIDATION, message, 200, { [field]: message });

/** Registration codes and registrations belong to ACTIVE promotions that need registration (the selector's filter, held on the server too). */
async function requireRegistrable(trx: Parameters<NonNullable<ResourceHooks['afterCreate']>>[1], catalogue: Catalogue, promo: string): Promise<void> {
  if (!(await registrablePromotions(trx, catalogue, [promo])).has(promo)) throw refuse('promocode', promotionText('noRegistration', { promo }));
}

function registrationCodeHooks(catalogue: Catalogue): ResourceHooks {
  return {
    afterCreate: (_ctx, trx, record) => requireRegistrable(trx, catalogue, String(record.promocode)),
    async changeColumns(_ctx, trx, { before, changes }) {
      if ('promocode' in changes && changes.promocode !== before.promocode) await requireRegistrable(trx, catalogue, String(changes.promocode));
      return undefined;
    },
  };
}

function registrationHooks(catalogue: Catalogue): ResourceHooks {
  return {
    async afterCreate(_ctx, trx, record) {
      const card = String(record.cardnumber);
      const promo = String(record.promocode);
      await requireRegistrable(trx, catalogue, promo);
      const code = record.registrationcode == null ? undefined : String(record.registrationcode);
      if (code && !(await activeCode(trx, catalogue, code))) throw refuse('registrationcode', promotionText('inactiveCode', { code }));
      const memberid = (await membersOfCards(trx, [card])).get(card);
      if (!memberid) throw refuse('cardnumber', promotionText('unknownCard', { card }));
      if ((await registeredPairs(trx, catalogue, [{ promocode: promo, memberid }])).has(`${promo}|${memberid}`)) {
        throw refuse('cardnumber', promotionText('alreadyRegistered', { card, promo }));
      }
      await setMember(trx, catalogue, REGISTRATION_RESOURCE, { promocode: promo, cardnumber: card }, memberid);
      record.memberid = memberid;
    },
  };
}

function promoFileHooks(catalogue: Catalogue): ResourceHooks {
  return {
    async checkUpload(db, rows) {
      const members = await membersOfCards(db, [...new Set(rows.map((r) => String(r.cardnumber)))]);
      const known = rows.flatMap((r) => (members.has(String(r.cardnumber)) ? [{ promocode: String(r.promocode), memberid: members.get(String(r.cardnumber))! }] : []));
      const registered = await registeredPairs(db, catalogue, known);
      const registrable = await registrablePromotions(db, catalogue, [...new Set(rows.map((r) => String(r.promocode)))]);
      const problems: UploadProblem[] = [];
      rows.forEach((r, index) => {
        const card = String(r.cardnumber);
        const promo = String(r.promocode);
        const memberid = members.get(card);
        if (!registrable.has(promo)) problems.push({ index, field: 'promocode', message: promotionText('noRegistration', { promo }) });
        else if (!memberid) problems.push({ index, field: 'cardnumber', message: promotionText('unknownCard', { card }) });
        else if (registered.has(`${promo}|${memberid}`)) problems.push({ index, field: 'cardnumber', message: promotionText('alreadyRegistered', { card, promo }) });
        // Two cards of one member in the file register the member once: the second is reported.
        else registered.add(`${promo}|${memberid}`);
      });
      return problems;
    },
    async afterCreate(ctx, trx, row) {
      const card = String(row.cardnumber);
      const promocode = String(row.promocode);
      const memberid = (await membersOfCards(trx, [card])).get(card)!;
      await setMember(trx, catalogue, PROMO_FILE_RESOURCE, { promocode, cardnumber: card }, memberid);
      await register(trx, catalogue, { promocode, cardnumber: card, memberid, channel: 'FILE', user: ctx.user!.username, at: ctx.now().toISOString() });
    },
  };
}

/** Promotions' hooks by resource (the server combines them with other modules'). */
export function promotionHooks(catalogue: Catalogue): HookRegistry {
  return { 'registration-code': registrationCodeHooks(catalogue), [REGISTRATION_RESOURCE]: registrationHooks(catalogue), [PROMO_FILE_RESOURCE]: promoFileHooks(catalogue) };
}
