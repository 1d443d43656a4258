// not in spec: the product's own texts for transfers, merges, corrections and custom transactions, declared once.
import * as moduleTexts from './texts.json';
export const MEMBER_OPERATION_TEXTS = moduleTexts.memberOperation;
