// The studio's preview services: the live server's reads go through, every write answers that the preview saves
// nothing (without reaching the server), and the definitions have the draft in its page's place.
import { describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import type { PageSource } from '../../engine/definition/pageSource';
import type { PageDefinition } from '../../engine/definition/screen';
import { PREVIEW_NOTHING_SAVED, type EngineServices } from '../../engine/render/EngineContext';
import { previewServices } from '../../engine/render/studio/previewServices';

const draft = { schemaVersion: 1, menucode: 'COUNTRY', title: 'Country', resource: { name: 'country', key: ['countrycode'] }, fields: [] } as unknown as PageDefinition;

function engine() {
  const called: string[] = [];
  const services = {
    call: async (path: string) => (called.push(path), { status: { responsecode: CODES.SUCCESS, responsemessage: 'ok' } }),
    can: () => true,
    definitions: { loadPage: async () => draft, loadAll: async () => ({}), loadResources: async () => ({}), hasPage: () => true } as unknown as PageSource,
  } as unknown as EngineServices;
  return { services, called };
}

describe('preview services', () => {
  it('passes reads to the server and refuses writes with the preview message', async () => {
    const { services, called } = engine();
    const preview = previewServices(services, draft);
    expect(preview.preview).toBe(true);
    for (const path of ['/api/country/list', '/api/country/detail', '/api/selector/options', '/api/member/contact-detail']) {
      expect((await preview.call(path, { data: {} })).status.responsecode).toBe(CODES.SUCCESS);
    }
    expect((await preview.call('/api/dashboard-member-tier', { criteria: {} })).status.responsecode).toBe(CODES.SUCCESS);
    for (const path of ['/api/country/create', '/api/country/update', '/api/country/delete', '/api/country/activate', '/api/country/upload']) {
      expect((await preview.call(path, { data: { countrycode: 'ID' } })).status).toEqual({ responsecode: CODES.FORBIDDEN, responsemessage: PREVIEW_NOTHING_SAVED });
    }
    expect(called).toHaveLength(5);
  });

  it('keeps one guarded call per engine, so a new draft does not reload what reads through it', () => {
    const { services } = engine();
    expect(previewServices(services, draft).call).toBe(previewServices(services, { ...draft }).call);
  });
});
