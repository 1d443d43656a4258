// The registered views by name (engine/definition/views.ts): typed by ViewName, so a name without a
// component does not compile. Each loads with the first record page that shows it.
import { lazy } from 'react';
import type { ViewRegistry } from '../../engine/render/recordViews';

export const views: ViewRegistry = {
  'vendor-cards': lazy(() => import('./VendorCards')),
};
