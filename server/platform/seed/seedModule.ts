// The platform's seed: the reference data every start needs (countries, cities, airports, configuration keys).
import { defineServerModule } from '../serverModule';
import { seedConfigKeys } from '../configuration/configKeys';
import { seedReferenceData } from './referenceData';

export const seedModule = defineServerModule({
  name: 'seed',
  seed: [
    {
      name: 'reference',
      step: 'reference',
      run: async ({ db, catalogue, now }) => {
        await seedReferenceData(db, catalogue, now);
        await seedConfigKeys(db, catalogue, now);
      },
    },
  ],
});
