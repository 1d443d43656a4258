// The accrual engine's module: the simulator's and manual postings' actions, the rule screens' hooks.
import { defineServerModule } from '../../platform/serverModule';
import { accrualActions } from './accrualActions';
import { accrualHooks } from './accrualHooks';
import * as accrual0012 from './migrations/0012_accrual';
import * as segmentFlightIdentity0055 from './migrations/0055_segment_flight_identity';
import { seedAccrualData } from './accrualData';
import { seedPartnerData } from './partnerData';
import { seedProgrammeData } from './programmeData';

export const accrualModule = defineServerModule({
  name: 'accrual',
  migrations: { '0012_accrual': accrual0012, '0055_segment_flight_identity': segmentFlightIdentity0055 },
  serviceActions: accrualActions,
  hooks: accrualHooks,
  seed: [
    { name: 'programme', step: 'programme', after: ['tiers'], run: ({ db, catalogue, now }) => seedProgrammeData(db, catalogue, now) },
    { name: 'partners', step: 'programme', after: ['programme'], run: ({ db, catalogue, now }) => seedPartnerData(db, catalogue, now) },
    { name: 'accrual', step: 'programme', after: ['partners'], run: ({ db, catalogue, now }) => seedAccrualData(db, catalogue, now) },
  ],
});
