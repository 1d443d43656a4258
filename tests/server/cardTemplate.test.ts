// The enrollment response's urlcard (spec 001 §3.1: 'from the tier template card of the first membercard') on
// both databases: the address of the entry tier's template card, which the server really serves as an image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness';

describe.each(testDatabases)('tier template card on $name', (target) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('answers an enrollment with urlcard, the template card of the first card tier, served as an SVG image', async () => {
    const draft = {
      membership: { membershipid: 'FFP', enrollmentdate: new Date().toISOString().slice(0, 10), enrollchannel: 'BO' },
      cobrand: {},
      personal: {
        firstname: 'Kartika',
        lastname: 'Ayuningtyas',
        gender: 'FEMALE',
        birthdate: '1991-07-21',
        nationality: 'ID',
        idcardno: `3174${target.name === 'sqlite' ? 1 : 2}00000000913`,
        email: `kartika.${target.name}@example.id`,
        mobilephonecode: '+62',
        mobilephonenumber: '8123400913',
        hobbies: ['READING'],
        preferredaddress: 'PRIVATE',
        nameoncard: 'KARTIKA AYUNINGTYAS',
      },
      privateaddress: { address: 'Jl. Braga No. 12', country: 'ID', postalcode: '40111', phonecode: '+62', phoneregion: '22', phonenumber: '4201913' },
      businessaddress: {},
    };
    const enrolled = await server.call('/api/enrollment/create', draft, { token: admin });
    expect(enrolled.body.status.responsecode, JSON.stringify(enrolled.body)).toBe('0000');
    expect(enrolled.body.result).toMatchObject({ tiername: 'Blue', urlcard: `${server.config.publicUrl}/card-template/BLUE.svg` });

    const image = await fetch(`${server.url}${new URL(enrolled.body.result.urlcard).pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    // The pages' security headers, but other origins may show it.
    expect(image.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const svg = await image.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('>BLUE</text>');
    const membership = await server.call('/api/membership/detail', { membershipid: 'FFP' }, { token: admin });
    expect(svg).toContain(`>${String(membership.body.result.membershipname).toUpperCase()}</text>`);
  });

  it('answers 404 for a tier that does not exist or a name that is no tier id', async () => {
    for (const path of ['/card-template/NOSUCHTIER.svg', '/card-template/BLUE.png', '/card-template/..%2Fetc.svg']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });
});
