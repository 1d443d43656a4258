// Public face of the field-rule language, shared by the browser forms and the server.
export {
  EMAIL_EXAMPLE,
  FALLBACK_LABELS,
  PATTERN_MESSAGES,
  RULE_MESSAGES,
  SHELL_MESSAGES,
  fieldLabel,
  formatMessage,
  requiredLabel,
} from './messages';
export { PATTERNS, PATTERN_NAMES, isPatternName, type PatternName } from './patterns';
export {
  RULE_TYPES,
  RuleSyntaxError,
  isEmptyValue,
  parseRule,
  registerValidator,
  tryParseRule,
  validateValue,
  validateValueAll,
  type CustomValidator,
  type FieldRuleContext,
  type FieldWidget,
  type Rule,
  type RuleKind,
  type RuleType,
} from './ruleLanguage';
export {
  MIN_DIFFERENT_CHARACTERS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  changePasswordErrors,
  differentCharacterCount,
  forgotPasswordErrors,
  passwordStrengthErrors,
} from './passwordRules';
export { DEFAULT_IMAGE_MAX_KB, IMAGE_MESSAGES, imageProblem, imageSizeMessage } from './imageUpload';
