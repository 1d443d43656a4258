// The tier's template card (spec 001 §3.1: the enrollment response's urlcard is 'from the tier template card of
// the first membercard'): the card design of a tier, the artwork a member's name and number are printed on,
// served as an SVG image at /card-template/<tierid>.svg. Drawn from the tier's own row (its name, its
// membership's name, its rank), so a new or renamed tier has its card at once; no member data is in it, so
// the image is public and may be cached. cardTemplateSvg is pure; the route reads the tier.
import { SECURITY_HEADERS } from '../../platform/app';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../../platform/db/schema';
import { definitionDb } from '../../platform/db/definitionDb';

/** Where a tier's template card is served (the path urlcard ends with). */
export const cardTemplatePath = (tierid: string): string => `/card-template/${encodeURIComponent(tierid)}.svg`;
/** The absolute address of a tier's template card (urlcard), under the server's public address. */
export const cardTemplateUrl = (publicUrl: string, tierid: string): string => `${publicUrl}${cardTemplatePath(tierid)}`;

export interface CardTemplateTier {
  tierid: string;
  tiername: string;
  membershipname: string | null;
  rank: number | null;
}

/** Card colours by the usual tier names; any other tier by its rank. */
const NAMED_COLOURS: Record<string, [string, string]> = {
  BLUE: ['#0b4f8a', '#1f7ac4'],
  SILVER: ['#6b7480', '#b9c1cb'],
  GOLD: ['#8a6412', '#d4a537'],
  PLATINUM: ['#2e3338', '#8c949c'],
};
const RANK_COLOURS: [string, string][] = [
  ['#0b4f8a', '#1f7ac4'],
  ['#6b7480', '#b9c1cb'],
  ['#8a6412', '#d4a537'],
  ['#2e3338', '#8c949c'],
  ['#4b1f6f', '#8e4fc2'],
];

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function coloursOf(tier: CardTemplateTier): [string, string] {
  const named = Object.entries(NAMED_COLOURS).find(([word]) => tier.tiername.toUpperCase().split(/\s+/).includes(word));
  if (named) return named[1];
  const rank = Math.max(1, Number(tier.rank ?? 1));
  return RANK_COLOURS[(rank - 1) % RANK_COLOURS.length]!;
}

/** A tier's template card: 856 x 540 (the ID-1 card's 85.6 x 54 mm), its membership and tier named, the member's places marked. */
export function cardTemplateSvg(tier: CardTemplateTier): string {
  const [dark, light] = coloursOf(tier);
  const membership = escapeXml((tier.membershipname ?? '').toUpperCase());
  const name = escapeXml(tier.tiername.toUpperCase());
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540" viewBox="0 0 856 540" role="img" aria-label="' + escapeXml(`${tier.tiername} card`) + '">',
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/>`,
    '</linearGradient></defs>',
    '<rect width="856" height="540" rx="36" fill="url(#g)"/>',
    '<path d="M0 380 C 260 300 560 470 856 350 L 856 504 Q 856 540 820 540 L 36 540 Q 0 540 0 504 Z" fill="#ffffff" fill-opacity="0.12"/>',
    '<g font-family="Helvetica, Arial, sans-serif" fill="#ffffff">',
    `<text x="56" y="96" font-size="34" font-weight="700" letter-spacing="2">${membership}</text>`,
    '<rect x="56" y="160" width="96" height="72" rx="10" fill="#f4d67a" fill-opacity="0.9"/>',
    '<text x="56" y="330" font-size="40" letter-spacing="6" fill-opacity="0.75">•••• •••• ••</text>',
    '<text x="56" y="420" font-size="28" letter-spacing="3" fill-opacity="0.75">NAME ON CARD</text>',
    `<text x="800" y="490" font-size="44" font-weight="700" text-anchor="end" letter-spacing="4">${name}</text>`,
    '</g>',
    '</svg>',
  ].join('');
}

/** The tier of a template card, with its membership's name (definition-built tables). */
export async function findCardTemplateTier(db: Kysely<Schema>, tierid: string): Promise<CardTemplateTier | undefined> {
  const row = (await definitionDb(db)
    .selectFrom('tier')
    .leftJoin('membership', 'membership.membershipid', 'tier.membershipid')
    .select(['tier.tierid', 'tier.tiername', 'tier.rank', 'membership.membershipname'])
    .where('tier.tierid', '=', tierid)
    .executeTakeFirst()) as { tierid: string; tiername: string; rank: number | string | null; membershipname: string | null } | undefined;
  return row ? { tierid: row.tierid, tiername: row.tiername, membershipname: row.membershipname, rank: row.rank === null ? null : Number(row.rank) } : undefined;
}

const TIER_FILE = /^([A-Za-z0-9_-]{1,20})\.svg$/;

/** GET /card-template/<tierid>.svg: the image, or 404 for a tier that does not exist. */
export function cardTemplateRoutes(app: FastifyInstance, db: Kysely<Schema>): void {
  app.get<{ Params: { file: string } }>('/card-template/:file', async (request, reply) => {
    const tierid = TIER_FILE.exec(request.params.file)?.[1];
    const tier = tierid ? await findCardTemplateTier(db, tierid) : undefined;
    // The pages' security headers (an SVG opened on its own is a document: no script runs in it).
    reply.headers(SECURITY_HEADERS);
    if (!tier) return reply.status(404).type('text/plain').send('No such card template');
    // Public artwork: other origins (a member's app, an e-mail) may show it; an hour in caches.
    return reply.header('cache-control', 'public, max-age=3600').header('cross-origin-resource-policy', 'cross-origin').type('image/svg+xml').send(cardTemplateSvg(tier));
  });
}
