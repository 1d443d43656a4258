// Demo corporate accounts (not production), enrolled once while the corporate table is empty, through the same
// checks and writes as the enrollment wizard: each with its own card, tour codes and travel coordinators.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { WizardPage } from '../../../engine/definition/screen';
import { compileWizard, draftProblem, type Draft } from '../../../engine/definition/wizardPage';
import { cardNumberOf } from '../../mailingProduct/cards/cardNumbers';
import { ENROLL_CORPORATE_MENU, enrollCorporate } from './corporateStore';
import type { Schema } from '../../platform/db/schema';
import { StepRefusal } from '../../platform/wizards/wizardActions';

const SEED_USER = 'system';

/** A demo corporate: its detail, tour code suffixes and coordinators (a card when they are members themselves). */
interface DemoCorporate {
  detail: Record<string, unknown>;
  tourcodes: string[];
  coordinators: { name: string; email: string; phonenum: string; cardnumber?: string }[];
}

const DEMO_CORPORATES: DemoCorporate[] = [
  {
    detail: {
      corporatecode: 'PTNUSAENERGI', corporatename: 'PT Nusa Energi Persada', corporatetype: 'SOE', businessfield: 'ENERGY',
      tradebusinesslicense: '503/1044/SIUP-B/2019', taxnumber: '01.302.455.1-091.000', corporateemail: 'travel@nusaenergi.co.id', phonenum: '+62215152000', langcode: 'id',
      address: 'Jl. Jend. Gatot Subroto Kav. 42, Menara Energi Lt. 18', countrycode: 'ID', statecode: 'ID-JK', citycode: 'IDJKT',
      unlimited: true, username: 'nusaenergi', contactname: 'Hendra Gunawan', contactidtype: 'IDCARD', contactidnum: '3174021203750004', contactemail: 'hendra.gunawan@nusaenergi.co.id', contactphonenum: '+628111502200',
    },
    tourcodes: ['NE1', 'NE2'],
    coordinators: [
      { name: 'Hendra Gunawan', email: 'hendra.gunawan@nusaenergi.co.id', phonenum: '+628111502200', cardnumber: cardNumberOf('53', 12) },
      { name: 'Melati Sukma', email: 'melati.sukma@nusaenergi.co.id', phonenum: '+628121880345' },
    ],
  },
  {
    detail: {
      corporatecode: 'BALITOURS', corporatename: 'CV Bali Wisata Tours', corporatetype: 'PRIVATE', businessfield: 'HOSPITALITY',
      tradebusinesslicense: '510/2217/PK/DPMPTSP/2021', taxnumber: '02.117.893.4-901.000', corporateemail: 'booking@baliwisatatours.com', phonenum: '+62361234567', langcode: 'en',
      address: 'Jl. By Pass Ngurah Rai No. 88, Sanur', countrycode: 'ID', statecode: 'ID-BA', citycode: 'IDDPS',
      unlimited: false, maxmember: 40, username: 'baliwisata', contactname: 'Rina Kusumawati', contactidtype: 'IDCARD', contactidnum: '5171035808820003', contactemail: 'rina@baliwisatatours.com', contactphonenum: '+6281337001122',
    },
    tourcodes: ['BW1'],
    coordinators: [{ name: 'Rina Kusumawati', email: 'rina@baliwisatatours.com', phonenum: '+6281337001122', cardnumber: cardNumberOf('53', 13) }],
  },
  {
    detail: {
      corporatecode: 'KEMENHUB', corporatename: 'Direktorat Jenderal Perhubungan Udara', corporatetype: 'GOVERNMENT', businessfield: 'PUBLICSERVICE',
      tradebusinesslicense: 'KP-1/2020', taxnumber: '00.012.345.6-077.000', corporateemail: 'perjalanan@dephub.go.id', phonenum: '+62213505006', langcode: 'id',
      address: 'Jl. Medan Merdeka Barat No. 8, Gambir', countrycode: 'ID', statecode: 'ID-JK', citycode: 'IDJKT',
      unlimited: false, maxmember: 500, username: 'kemenhub.udara', contactname: 'Yusuf Hakim', contactidtype: 'IDCARD', contactidnum: '3171011507800009', contactemail: 'yusuf.hakim@dephub.go.id', contactphonenum: '+628129005511',
    },
    tourcodes: ['KH1', 'KH2', 'KH3'],
    coordinators: [
      { name: 'Yusuf Hakim', email: 'yusuf.hakim@dephub.go.id', phonenum: '+628129005511' },
      { name: 'Sri Wahyuni', email: 'sri.wahyuni@dephub.go.id', phonenum: '+628138822007' },
    ],
  },
];

/** Enrolls the demo corporates once; returns how many were enrolled. */
export async function seedCorporateData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<number> {
  const page = catalogue.pageByMenu.get(ENROLL_CORPORATE_MENU);
  if (page?.kind !== 'wizard' || (await db.selectFrom('corporate').select('corporatecode').limit(1).executeTakeFirst())) return 0;
  const wizard = compileWizard(page as WizardPage, catalogue);
  // Agreements that started this January and run two more years; tour codes by year.
  const year = now.getUTCFullYear();
  const startdate = `${year}-01-01`;
  const enddate = `${year + 2}-12-31`;
  let enrolled = 0;
  for (const demo of DEMO_CORPORATES) {
    const draft: Draft = {
      corporatedetail: { ...demo.detail, startdate, enddate },
      tourcode: demo.tourcodes.map((suffix, i) => ({ tourcode: `${demo.detail.corporatecode as string}`.slice(0, 8) + suffix, startdate, enddate: i === 0 ? enddate : `${year}-12-31` })),
      travelcoordinator: demo.coordinators,
    };
    const problem = draftProblem(wizard, draft);
    if (problem) throw new Error(`demo corporate ${demo.detail.corporatecode as string}: ${problem.message}`);
    try {
      await db.transaction().execute((trx) => enrollCorporate(trx, wizard, draft, SEED_USER, now));
      enrolled++;
    } catch (error) {
      // Another server starting at the same time enrolled it first.
      if (!(error instanceof StepRefusal)) throw error;
    }
  }
  return enrolled;
}
