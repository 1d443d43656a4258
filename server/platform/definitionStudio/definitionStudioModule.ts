// The Definition Studio: analysts edit the served definitions as JSON (drafts per user, checked as `npm run validate`
// checks them) and publish or roll back through maker-checker; an approved change is the definition's next version,
// served at once by the approving server and by the others at their next poll (server/platform/definitionVersions).
import { defineServerModule } from '../serverModule';
import { definitionStudioActions } from './definitionStudioActions';
import * as definitionDrafts0061 from './migrations/0061_definition_drafts';

export const definitionStudioModule = defineServerModule({
  name: 'definitionStudio',
  migrations: { '0061_definition_drafts': definitionDrafts0061 },
  serviceActions: (services) => definitionStudioActions(services),
});
