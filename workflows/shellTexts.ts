// Fixed texts of the shell flows that engine/rules and engine/api do not already hold (spec 000 §2, §4, §5, §8).
import { MESSAGES } from '../engine/api/responseCodes';

/** Shown instead of signing in during the configured database maintenance window (spec 000 §8). */
export const MAINTENANCE_NOTICE = 'Sorry, You are not able to access ... system during database maintenance for 40 minutes ...';

/** The forgot-password flow's final step when a step is not verified (spec 000 §5). */
export const VERIFY_ALL_REQUIRED = MESSAGES.VERIFY_ALL_REQUIRED;

/** Title of the idle countdown (spec 000 §4). */
export const IDLE_WARNING = 'You are idle';

/** The confirm that precedes LOGOUT (spec 000 §2, top navigation); the confirm itself is UI. */
export const LOGOUT_CONFIRMATION = 'Are you sure want to logout?';
