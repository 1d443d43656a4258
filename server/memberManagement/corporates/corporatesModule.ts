// Corporate accounts: the corporate wizard's actions.
import { defineServerModule } from '../../platform/serverModule';
import { corporateActions } from './corporateActions';
import * as corporates0008 from './migrations/0008_corporates';
import { seedCorporateData } from './corporateData';

export const corporatesModule = defineServerModule({
  name: 'corporates',
  migrations: { '0008_corporates': corporates0008 },
  catalogueActions: corporateActions,
  seed: [
    { name: 'corporates', step: 'operations', after: ['memberChecks'], run: ({ db, catalogue, now }) => seedCorporateData(db, catalogue, now) },
  ],
});
