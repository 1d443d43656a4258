// Definition versions: every definition file's texts kept in the database, synced from screens/ at each start; the
// server's catalogue is built from the active ones (definitionVersionStore.ts), and the browser reads them over
// plain GET routes (definitionFiles.ts).
import { defineServerModule } from '../serverModule';
import { definitionFileRoutes, servedDefinitionFiles } from './definitionFiles';
import * as definitionVersions0060 from './migrations/0060_definition_versions';

export const definitionVersionsModule = defineServerModule({
  name: 'definitionVersions',
  migrations: { '0060_definition_versions': definitionVersions0060 },
  routes: (app, { db, screensDir }) => definitionFileRoutes(app, servedDefinitionFiles(db, screensDir), db),
});
