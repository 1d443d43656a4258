// The demo population: the named members and the drawn ones with their history, seeded on a first start, and what
// the member checks found among them (names that fail, locks, suspect duplicates: rows of several domains at once).
import { defineServerModule } from '../platform/serverModule';
import { seedMemberCheckData } from './memberCheckData';
import { seedMemberData } from './memberData';

export const demoPopulationModule = defineServerModule({
  name: 'demoPopulation',
  seed: [
    { name: 'members', step: 'members', run: ({ db, catalogue, config, now, tell }) => seedMemberData(db, now, { total: config.demoMembers, catalogue, tell }) },
    { name: 'memberChecks', step: 'operations', after: ['promotions'], run: ({ db, catalogue, now }) => seedMemberCheckData(db, catalogue, now) },
  ],
});
