// Server configuration, read once from the environment; every tunable of the spine lives here.
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  production: boolean;
  adminPassword: string | undefined;
  sessionMinutes: number;
  /** How long after its expiry a session that was not ended may still be extended (401 -> extend). */
  sessionExtendGraceMinutes: number;
  passwordMaxAgeDays: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Failed logins one client address may make within LOGIN_LOCK_MINUTES, whatever the accounts, before it is locked out for that period. */
  loginAddressMaxFailures: number;
  captchaMaxNumber: number;
  captchaExpiresSeconds: number;
  idleSeconds: number;
  /** Login maintenance window (ISO instants with offset), or undefined for the client's default. */
  maintenance: { start: string; end: string } | undefined;
  bodyLimitBytes: number;
  /** The body limit of a CSV upload (/api/<resource>/upload): the file travels as text in the JSON envelope. */
  uploadLimitBytes: number;
  staticDir: string;
  logLevel: string;
  /** SMTP server for e-mail (smtp://user:pass@host:587 or smtps://…); without it mail stays in the outbox (HELD). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The largest file a mail carries (a statement PDF above it is sent without it, noted in the statement log). */
  mailAttachmentMaxBytes: number;
  /** The address e-mailed links point at. */
  publicUrl: string;
  /** How long e-mailed keys stay valid: staff and member password resets, activation, e-mail verification. */
  resetKeyMinutes: number;
  activationKeyHours: number;
  /** Member reset-password requests one client address may make in an hour. */
  memberResetRequestsPerHour: number;
  /** Member reset-password mails one member may be sent in an hour (more requests answer the same, unmailed). */
  memberResetMailsPerHour: number;
  /** How long a file link (a receipt, a report file) may be opened, once, by the session that asked for it. */
  fileLinkMinutes: number;
  /** Look-ups of the public mini-view each client address may make in a minute. */
  miniViewRatePerMinute: number;
  /** Wrong codes an OTP session takes before it locks. */
  otpMaxAttempts: number;
  /** The login page's forgot-password flow (FORGOT_PASSWORD_ENABLED=false turns it off and hides its link). */
  forgotPasswordEnabled: boolean;
  /** Background jobs (expiry, later tier evaluation and reports) run in this server (JOBS_ENABLED=false: another server runs them). */
  jobsEnabled: boolean;
  /** How often the job worker looks for due jobs. */
  jobPollMs: number;
  /** How often this server checks the database for a newly activated definition version (and then serves it). */
  definitionsPollMs: number;
  /** `npm run dev`: a definition file saved under screens/ is stored and served at once (definitionWatcher.ts). */
  definitionsWatch: boolean;
  /** Demo members seeded on first start outside production (the twenty named ones included; tests seed fewer). */
  demoMembers: number;
  /** Where generated report files are kept (shared by the app servers when several run: a shared volume). */
  reportDir: string;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function boolFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function maintenanceFrom(env: NodeJS.ProcessEnv): ServerConfig['maintenance'] {
  const { MAINTENANCE_START: start, MAINTENANCE_END: end } = env;
  if (!start && !end) return undefined;
  if (!start || !end || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) {
    throw new Error('MAINTENANCE_START and MAINTENANCE_END must both be ISO instants, e.g. 2022-12-07T23:50:00+07:00');
  }
  return { start, end };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  if (production && !env.ADMIN_PASSWORD) {
    throw new Error('ADMIN_PASSWORD is required when NODE_ENV=production (no demo data is seeded)');
  }
  return {
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? 'sqlite:./data/alms.sqlite',
    production,
    adminPassword: env.ADMIN_PASSWORD,
    sessionMinutes: intFrom(env, 'SESSION_MINUTES', 60),
    sessionExtendGraceMinutes: intFrom(env, 'SESSION_EXTEND_GRACE_MINUTES', 12 * 60),
    passwordMaxAgeDays: intFrom(env, 'PASSWORD_MAX_AGE_DAYS', 90),
    loginMaxFailures: intFrom(env, 'LOGIN_MAX_FAILURES', 5),
    loginLockMinutes: intFrom(env, 'LOGIN_LOCK_MINUTES', 15),
    loginAddressMaxFailures: intFrom(env, 'LOGIN_ADDRESS_MAX_FAILURES', 10),
    captchaMaxNumber: intFrom(env, 'CAPTCHA_MAX_NUMBER', 50_000),
    captchaExpiresSeconds: intFrom(env, 'CAPTCHA_EXPIRES_SECONDS', 300),
    idleSeconds: intFrom(env, 'IDLE_SECONDS', 900),
    maintenance: maintenanceFrom(env),
    bodyLimitBytes: intFrom(env, 'BODY_LIMIT_BYTES', 1_048_576),
    uploadLimitBytes: intFrom(env, 'UPLOAD_LIMIT_BYTES', 32 * 1024 * 1024),
    staticDir: env.STATIC_DIR ?? 'dist',
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Loyalty Management System <no-reply@alms.local>',
    mailAttachmentMaxBytes: intFrom(env, 'MAIL_ATTACHMENT_MAX_BYTES', 2_097_152),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${intFrom(env, 'PORT', 8080)}`).replace(/\/+$/, ''),
    resetKeyMinutes: intFrom(env, 'RESET_KEY_MINUTES', 60),
    activationKeyHours: intFrom(env, 'ACTIVATION_KEY_HOURS', 72),
    memberResetRequestsPerHour: intFrom(env, 'MEMBER_RESET_REQUESTS_PER_HOUR', 10),
    memberResetMailsPerHour: intFrom(env, 'MEMBER_RESET_MAILS_PER_HOUR', 3),
    fileLinkMinutes: intFrom(env, 'FILE_LINK_MINUTES', 5),
    miniViewRatePerMinute: intFrom(env, 'MINIVIEW_RATE_PER_MINUTE', 30),
    otpMaxAttempts: intFrom(env, 'OTP_MAX_ATTEMPTS', 3),
    forgotPasswordEnabled: boolFrom(env, 'FORGOT_PASSWORD_ENABLED', true),
    jobsEnabled: boolFrom(env, 'JOBS_ENABLED', true),
    jobPollMs: intFrom(env, 'JOB_POLL_MS', 30_000),
    definitionsPollMs: intFrom(env, 'DEFINITIONS_POLL_MS', 2000),
    definitionsWatch: boolFrom(env, 'DEFINITIONS_WATCH', false),
    demoMembers: intFrom(env, 'DEMO_MEMBERS', 2000),
    reportDir: env.REPORT_DIR ?? 'data/reports',
  };
}
