// The Redemption wizard's server (screens/member-management/redemption.json): each step's Next checked here (the
// member's balance, tier and age band; the award's eligibility; the price list) and Confirm in one transaction;
// its parts in the approvals (Approval Redemption, Approval Redemption Cancel); the member page's Cancel
// Redemption and the detail cards' read (registered view 'redemption-detail').
import { objectOf, text } from '../../platform/core/envelopeSchema';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { actionFunctionCode, isCustomAction, resourceModel } from '../../../engine/definition/compile';
import { recordSchema } from '../../platform/resources/resourceReference';
import type { Draft, FormValues } from '../../../engine/definition/wizardPage';
import { REDEMPTION_DETAIL_PATH } from '../../../engine/definition/views';
import { APPROVAL_STATUS } from '../../../engine/definition/approvals';
import { defineAction, type Action, type ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import { APPROVAL_REQUESTED } from '../../platform/approvals/directWrites';
import { CODES } from '../../../engine/api/responseCodes';
import { isoDay } from '../../../engine/definition/dates';
import type { ModuleServices } from '../../platform/serverModule';
import { StepRefusal, wizardActions } from '../../platform/wizards/wizardActions';
import { UPDATE_MENU, UPDATE_REQUEST, UPDATE_STEPS, approveUpdate, certificateShown, quoteUpdate, requestUpdate, updatableCertificate, updateShown } from './certificateUpdateStore';
import { VOUCHER_MENU, VOUCHER_STEP, usableVoucher, useVoucher, voucherShown } from './voucherStore';
import {
  CANCEL_REQUEST,
  CERTIFICATE_RESOURCE,
  CERTIFICATE_STATUS,
  REDEMPTION_MENU,
  REDEMPTION_REQUEST,
  REDEMPTION_RESOURCE,
  STEPS,
  StepFieldError,
  approveCancel,
  approveRedemption,
  confirmRedemption,
  eligibleAward,
  memberByCard,
  awardPrice,
  priceList,
  quoteRedemption,
  quoteShown,
  readCertificates,
  readRedemption,
  rejectRedemption,
  requestCancel,
  type FlightSearch,
  type Passenger,
  type RedemptionDraft,
} from './redemptionStore';

const KEY_DATA = objectOf({ memberid: text(20, 1), redemptionid: text(23, 1) }, { closed: true });

// What the Submits answer where their pages show no result fields, for the API reference.
const TEXT = { type: 'string' };
const MILES = { type: 'number' };
/** voucherStore.ts useVoucher: the voucher as its check showed it, now USED. */
const VOUCHER_USED = { title: 'used voucher', type: 'object', required: ['vouchercode', 'status'], properties: { vouchercode: TEXT, awardcode: TEXT, name: TEXT, validitydate: { type: ['string', 'null'] }, status: { const: CERTIFICATE_STATUS.USED } } };
/** certificateUpdateStore.ts requestUpdate: the request with the quote (UpdateQuote) it waits on. */
const UPDATE_REQUESTED = {
  title: 'certificate update request',
  type: 'object',
  required: ['requestid', 'certificateid', 'redemptionid', 'difference'],
  properties: {
    requestid: { type: 'integer' }, certificateid: TEXT, memberid: TEXT, redemptionid: TEXT, oldtotal: MILES, newtotal: MILES, updatefee: MILES, difference: MILES, pricedeparture: MILES, pricereturn: MILES,
    departuredate: TEXT, returndate: { type: ['string', 'null'] }, compartmentcode: TEXT, balance: MILES, approvers: { type: 'array', items: TEXT },
  },
};

/** A refusal on a step's field goes back to that step with the message on the field. */
function onStep(error: unknown, fallback: string): unknown {
  if (error instanceof StepFieldError) return new StepRefusal(error.code, error.message, error.step, error.fields ?? {}, error.row);
  if (error instanceof ApiError && error.fields) return new StepRefusal(error.code, error.message, fallback, error.fields);
  return error;
}

const searchOf = (values: FormValues | undefined): FlightSearch => ({
  origin: (values?.origin as string | null) ?? null,
  destination: (values?.destination as string | null) ?? null,
  departuredate: String(values?.departuredate ?? ''),
  isreturn: Boolean(values?.isreturn),
  returndate: (values?.returndate as string | null) ?? null,
  compartmentcode: (values?.compartmentcode as string | null) ?? null,
  passenger: Number(values?.passenger ?? 1),
  paidbookingclass: (values?.paidbookingclass as string | null) ?? null,
});

const formOf = (draft: Draft, step: string): FormValues => {
  const values = draft[step];
  return values && !Array.isArray(values) ? values : {};
};

/** The draft as the redemption store takes it: the flight search, or a non-air award's date of use. */
const redemptionDraft = (draft: Draft): RedemptionDraft => ({
  cardnumber: String(formOf(draft, STEPS.member).cardnumber ?? ''),
  awardcode: String(formOf(draft, STEPS.award).awardcode ?? ''),
  search: searchOf(formOf(draft, draft[STEPS.usage] !== undefined ? STEPS.usage : STEPS.search)),
  passengers: ((draft[STEPS.passengers] ?? []) as FormValues[]).map((row) => row as unknown as Passenger),
});

/** Wizard checks, the summary's quote and Confirm. */
export function redemptionWizardActions(catalogue: Catalogue): Action[] {
  const member = async (ctx: ActionContext, values: FormValues) => memberByCard(ctx.db, values.cardnumber, isoDay(ctx.now()));
  // The flight search and a non-air award's date of use: priced alike, nominee-free (the quote adds the fees).
  const priced = async (ctx: ActionContext, values: FormValues, earlier: Record<string, FormValues>) => {
    try {
      const day = isoDay(ctx.now());
      const who = await member(ctx, earlier[STEPS.member] ?? {});
      const award = await eligibleAward(ctx.db, catalogue, earlier[STEPS.award]?.awardcode, who, day);
      const price = await priceList(ctx.db, catalogue, who, award, searchOf(values), 0);
      return { zonecode: price.zonecode, peakseason: price.peakseason, pricedeparture: price.pricedeparture, pricereturn: price.pricereturn, activityprice: price.activityprice, mileage: price.mileage, totalmileage: price.totalmileage };
    } catch (error) {
      throw onStep(error, STEPS.search);
    }
  };
  const records = (resource: string) => {
    const screen = catalogue.screenByResource.get(resource);
    return screen ? recordSchema(resourceModel(screen)) : { type: 'object' };
  };
  return wizardActions(catalogue, {
    menucode: REDEMPTION_MENU,
    groupCommit: true,
    // The redemption as stored (ISSUED, or PENDING for a second person) with its certificates.
    result: { allOf: [records(REDEMPTION_RESOURCE), { properties: { certificates: { type: 'array', items: records(CERTIFICATE_RESOURCE) } } }] },
    checks: {
      [STEPS.member]: async (ctx, values) => {
        try {
          const found = await member(ctx, values);
          // The step's `answer` labels what shows; the rest fills a passenger who is the member (Self Usage).
          return {
            memberid: found.memberid,
            membername: `${found.firstname} ${found.lastname}`.trim(),
            awardmiles: found.awardmiles,
            tierid: found.tierid,
            agegroup: found.agegroup,
            firstname: found.firstname,
            lastname: found.lastname,
            cardnumber: found.cardnumber,
            birthdate: found.birthdate,
          };
        } catch (error) {
          throw onStep(error, STEPS.member);
        }
      },
      [STEPS.award]: async (ctx, values, earlier) => {
        try {
          const who = await member(ctx, earlier[STEPS.member] ?? {});
          const award = await eligibleAward(ctx.db, catalogue, values.awardcode, who, isoDay(ctx.now()));
          return { awardcode: award.awardcode, categorytype: award.categorytype, partnercode: award.partnercode, ...(await awardPrice(ctx.db, catalogue, award, who, isoDay(ctx.now()))) };
        } catch (error) {
          throw onStep(error, STEPS.award);
        }
      },
      [STEPS.search]: priced,
      [STEPS.usage]: priced,
    },
    async quote(ctx, draft) {
      try {
        return quoteShown(await quoteRedemption(ctx.db, catalogue, redemptionDraft(draft), isoDay(ctx.now())));
      } catch (error) {
        throw onStep(error, STEPS.search);
      }
    },
    async submit(ctx, trx, draft) {
      let confirmed;
      try {
        confirmed = await confirmRedemption(ctx, trx, catalogue, redemptionDraft(draft));
      } catch (error) {
        throw onStep(error, STEPS.search);
      }
      return { message: confirmed.message, result: { ...confirmed.redemption, certificates: confirmed.certificates } };
    },
  });
}

/** Voucher Verification (a wizard page of one step): Next checks the partner's voucher, Submit marks it used. */
export function voucherActions(catalogue: Catalogue): Action[] {
  return wizardActions(catalogue, {
    menucode: VOUCHER_MENU,
    result: VOUCHER_USED,
    checks: {
      [VOUCHER_STEP]: async (ctx, values) => {
        try {
          return voucherShown(await usableVoucher(ctx.db, catalogue, ctx, values.vouchercode));
        } catch (error) {
          throw onStep(error, VOUCHER_STEP);
        }
      },
    },
    async submit(ctx, trx, draft) {
      try {
        return await useVoucher(ctx, trx, catalogue, formOf(draft, VOUCHER_STEP).vouchercode);
      } catch (error) {
        throw onStep(error, VOUCHER_STEP);
      }
    },
  });
}

/** Certificate Update (spec 001 §3.4): the certificate checked, the new activity priced with its fee, Submit asks for approval. */
export function certificateUpdateActions(catalogue: Catalogue): Action[] {
  return wizardActions(catalogue, {
    menucode: UPDATE_MENU,
    result: UPDATE_REQUESTED,
    checks: {
      [UPDATE_STEPS.certificate]: async (ctx, values) => {
        try {
          return certificateShown(await updatableCertificate(ctx.db, catalogue, values.certificateid));
        } catch (error) {
          throw onStep(error, UPDATE_STEPS.certificate);
        }
      },
      [UPDATE_STEPS.activity]: async (ctx, values, earlier) => {
        try {
          const quote = await quoteUpdate(ctx.db, catalogue, earlier[UPDATE_STEPS.certificate]?.certificateid, values, ctx.now());
          return { pricedeparture: quote.pricedeparture, pricereturn: quote.pricereturn, newtotal: quote.newtotal, updatefee: quote.updatefee, difference: quote.difference };
        } catch (error) {
          throw onStep(error, UPDATE_STEPS.activity);
        }
      },
    },
    async quote(ctx, draft) {
      try {
        return updateShown(await quoteUpdate(ctx.db, catalogue, formOf(draft, UPDATE_STEPS.certificate).certificateid, formOf(draft, UPDATE_STEPS.activity), ctx.now()));
      } catch (error) {
        throw onStep(error, UPDATE_STEPS.activity);
      }
    },
    async submit(ctx, trx, draft) {
      try {
        return await requestUpdate(ctx, trx, catalogue, formOf(draft, UPDATE_STEPS.certificate).certificateid, formOf(draft, UPDATE_STEPS.activity));
      } catch (error) {
        throw onStep(error, UPDATE_STEPS.activity);
      }
    },
  });
}

/** The approvals' parts, Cancel Redemption and the detail read. */
export function redemptionActions(services: ModuleServices): Action[] {
  const { catalogue, approvals: registry } = services;
  const screen = catalogue.screenByResource.get(REDEMPTION_RESOURCE);
  if (!registry || !screen) return [];
  const invalidate = () => {
    services.counts.invalidate(REDEMPTION_RESOURCE);
    services.counts.invalidate(CERTIFICATE_RESOURCE);
  };
  // A redemption, its cancel and a certificate update each apply on approval; a rejected redemption is undone.
  for (const [request, approve] of [
    [REDEMPTION_REQUEST, approveRedemption],
    [CANCEL_REQUEST, approveCancel],
    [UPDATE_REQUEST, approveUpdate],
  ] as const) {
    registry.register(request.menucode, request.action, {
      screen,
      current: (db, pending) => readRedemption(db, catalogue, pending.key),
      async apply(ctx, trx, pending) {
        await approve(ctx, trx, catalogue, pending);
        invalidate();
      },
    });
  }
  registry.onDecision(REDEMPTION_REQUEST.menucode, REDEMPTION_REQUEST.action, async (ctx, trx, request, status) => {
    if (status !== APPROVAL_STATUS.REJECTED) return;
    await rejectRedemption(ctx, trx, catalogue, request);
    invalidate();
  });
  const cancel = screen.actions.filter(isCustomAction).find((a) => a.name === 'cancel');
  const certificateScreen = catalogue.screenByResource.get(CERTIFICATE_RESOURCE);
  const actions: Action[] = [
    defineAction({
      path: REDEMPTION_DETAIL_PATH,
      guard: { function: actionFunctionCode(screen, 'view') },
      data: KEY_DATA,
      reference: {
        summary: 'A redemption with its certificates',
        result: { type: 'object', required: ['redemption', 'certificates'], properties: { redemption: recordSchema(resourceModel(screen)), certificates: { type: 'array', items: certificateScreen ? recordSchema(resourceModel(certificateScreen)) : { type: 'object' } } } },
        codes: [CODES.NOT_FOUND],
      },
      handler: async (ctx) => {
        const key = ctx.parameter.data as Record<string, unknown>;
        const redemption = await readRedemption(ctx.db, catalogue, key);
        if (!redemption) throw new ApiError('1004', `Redemption "${String(key.redemptionid)}" was not found`);
        return { result: { redemption, certificates: await readCertificates(ctx.db, catalogue, key) } };
      },
    }),
  ];
  if (cancel) {
    actions.push(
      defineAction({
        path: `/api/${REDEMPTION_RESOURCE}/${cancel.name}`,
        guard: { function: actionFunctionCode(screen, cancel) },
        data: KEY_DATA,
        reference: { summary: 'Ask for a redemption to be cancelled (its miles given back on approval)', result: APPROVAL_REQUESTED, codes: [CODES.NOT_FOUND, CODES.VALIDATION] },
        handler: async (ctx) => {
          const { message, ...result } = await requestCancel(ctx, catalogue, ctx.parameter.data as Record<string, unknown>);
          return { message, result: { ...result, status: 'PENDING' } };
        },
      }),
    );
  }
  return actions;
}
