// The enrollment module's hooks into the generic resource API: card number ranges (Card Inventory) and the
// decisions on suspect duplicates (Suspect Duplicate).
import { CARD_INVENTORY_RESOURCE, cardInventoryHooks } from '../../mailingProduct/cards/cardInventoryStore';
import type { HookRegistry } from '../../platform/resources/hooks';
import { SUSPECT_RESOURCE, suspectDuplicateHooks } from './duplicateCheck';

export const enrollmentHooks: HookRegistry = { [CARD_INVENTORY_RESOURCE]: cardInventoryHooks, [SUSPECT_RESOURCE]: suspectDuplicateHooks };
