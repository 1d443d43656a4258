// The award catalogue: its demo rows (award types and flight awards, and the named members' nominees).
import { defineServerModule } from '../../platform/serverModule';
import { seedAwardData, seedNomineeData } from './awardData';

export const awardsModule = defineServerModule({
  name: 'awards',
  seed: [
    { name: 'awards', step: 'programme', after: ['accrual'], run: ({ db, catalogue, now }) => seedAwardData(db, catalogue, now) },
    { name: 'nominees', step: 'operations', run: ({ db, catalogue, now }) => seedNomineeData(db, catalogue, now) },
  ],
});
