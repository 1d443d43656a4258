// The registered views and navigators by name (engine/definition/views.ts): typed by ViewName and
// NavigatorName, so a name without a component does not compile. Each loads with the first record page that shows it.
import { lazy } from 'react';
import type { NavigatorRegistry, ViewRegistry } from '../../engine/render/recordViews';

export const views: ViewRegistry = {
  'vendor-cards': lazy(() => import('./VendorCards')),
  'member-account': lazy(() => import('./MemberAccount')),
  'transaction-lots': lazy(() => import('./TransactionLots')),
  'accrual-simulator': lazy(() => import('./AccrualSimulator')),
  'tier-standing': lazy(() => import('./TierStanding')),
  'buy-product-detail': lazy(() => import('./BuyProductDetail')),
  'redemption-detail': lazy(() => import('./RedemptionDetail')),
  'order-tracking': lazy(() => import('./OrderTracking')),
  'member-orders': lazy(() => import('./MemberOrders')),
};

export const navigators: NavigatorRegistry = {
  'member-navigator': lazy(() => import('./MemberNavigator')),
};
