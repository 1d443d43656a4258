// The reference lists no data package holds: Indonesian provinces and cities, the member-configuration
// lists, the general configuration keys (spec 000 §9), the branch and ticket offices, and the few
// corrections the packages' data needs.

/**
 * The world regions, one per continent of the country data (countries-list's continent codes), coded as
 * the UN M49 standard codes the same areas: Africa 002, Antarctica 010, Asia 142, Europe 150, North
 * America (with Central America and the Caribbean) 003, Oceania 009, South America 005.
 */
export const REGION_CODES = {
  AF: '002',
  AN: '010',
  AS: '142',
  EU: '150',
  NA: '003',
  OC: '009',
  SA: '005',
} as const;

/** Nationalities the demonym data lacks: territories counted under another entry there, or uninhabited. */
export const NATIONALITY_GAPS: Record<string, string> = {
  AC: 'Saint Helenian',
  TA: 'Saint Helenian',
  BV: 'Norwegian',
};

/** OpenFlights country names that match no country name or alias of the country data. */
export const AIRPORT_COUNTRY_ALIASES: Record<string, string> = {
  'Congo (Brazzaville)': 'CG',
  'Congo (Kinshasa)': 'CD',
  'Virgin Islands': 'VI',
  'Midway Islands': 'UM',
  'Johnston Atoll': 'UM',
  'Wake Island': 'UM',
};

/** Airports OpenFlights still files under the Netherlands Antilles (dissolved in 2010). */
export const AIRPORT_COUNTRY_BY_CODE: Record<string, string> = {
  BON: 'BQ',
  EUX: 'BQ',
  SAB: 'BQ',
  CUR: 'CW',
  SXM: 'SX',
};

/** ISO 4217 codes that are no money a member pays with: funds, units of account, metals, test codes. */
export const NON_CIRCULATING_CURRENCIES: ReadonlySet<string> = new Set([
  'BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW',
  'XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX',
]);

export type StateSeed = {
  /** ISO 3166-2 subdivision code. */
  statecode: string;
  statename: string;
  countrycode: string;
};

/** Indonesia's 38 provinces (ISO 3166-2:ID, including the four Papuan provinces of 2022). */
export const INDONESIAN_PROVINCES: readonly StateSeed[] = [
  ['ID-AC', 'Aceh'],
  ['ID-SU', 'Sumatera Utara'],
  ['ID-SB', 'Sumatera Barat'],
  ['ID-RI', 'Riau'],
  ['ID-KR', 'Kepulauan Riau'],
  ['ID-JA', 'Jambi'],
  ['ID-SS', 'Sumatera Selatan'],
  ['ID-BB', 'Kepulauan Bangka Belitung'],
  ['ID-BE', 'Bengkulu'],
  ['ID-LA', 'Lampung'],
  ['ID-JK', 'DKI Jakarta'],
  ['ID-JB', 'Jawa Barat'],
  ['ID-BT', 'Banten'],
  ['ID-JT', 'Jawa Tengah'],
  ['ID-YO', 'DI Yogyakarta'],
  ['ID-JI', 'Jawa Timur'],
  ['ID-BA', 'Bali'],
  ['ID-NB', 'Nusa Tenggara Barat'],
  ['ID-NT', 'Nusa Tenggara Timur'],
  ['ID-KB', 'Kalimantan Barat'],
  ['ID-KT', 'Kalimantan Tengah'],
  ['ID-KS', 'Kalimantan Selatan'],
  ['ID-KI', 'Kalimantan Timur'],
  ['ID-KU', 'Kalimantan Utara'],
  ['ID-SA', 'Sulawesi Utara'],
  ['ID-ST', 'Sulawesi Tengah'],
  ['ID-SN', 'Sulawesi Selatan'],
  ['ID-SG', 'Sulawesi Tenggara'],
  ['ID-GO', 'Gorontalo'],
  ['ID-SR', 'Sulawesi Barat'],
  ['ID-MA', 'Maluku'],
  ['ID-MU', 'Maluku Utara'],
  ['ID-PA', 'Papua'],
  ['ID-PB', 'Papua Barat'],
  ['ID-PD', 'Papua Barat Daya'],
  ['ID-PE', 'Papua Pegunungan'],
  ['ID-PS', 'Papua Selatan'],
  ['ID-PT', 'Papua Tengah'],
].map(([statecode, statename]) => ({ statecode: statecode!, statename: statename!, countrycode: 'ID' }));

export type CitySeed = {
  /** 'ID' and the IATA code of the city's airport; cities without one get a three-letter code of their name. */
  citycode: string;
  cityname: string;
  statecode: string;
};

/** The provincial capitals (first of each province) and the other major cities of Indonesia. */
export const INDONESIAN_CITIES: readonly CitySeed[] = (
  [
    ['ID-AC', [['IDBTJ', 'Banda Aceh'], ['IDLSW', 'Lhokseumawe'], ['IDSBG', 'Sabang']]],
    ['ID-SU', [['IDMES', 'Medan'], ['IDGNS', 'Gunungsitoli']]],
    ['ID-SB', [['IDPDG', 'Padang'], ['IDBKT', 'Bukittinggi']]],
    ['ID-RI', [['IDPKU', 'Pekanbaru'], ['IDDUM', 'Dumai']]],
    ['ID-KR', [['IDTNJ', 'Tanjung Pinang'], ['IDBTH', 'Batam']]],
    ['ID-JA', [['IDDJB', 'Jambi']]],
    ['ID-SS', [['IDPLM', 'Palembang']]],
    ['ID-BB', [['IDPGK', 'Pangkal Pinang'], ['IDTJQ', 'Tanjung Pandan']]],
    ['ID-BE', [['IDBKS', 'Bengkulu']]],
    ['ID-LA', [['IDTKG', 'Bandar Lampung']]],
    ['ID-JK', [['IDJKT', 'Jakarta']]],
    ['ID-JB', [['IDBDO', 'Bandung'], ['IDBKI', 'Bekasi'], ['IDDPK', 'Depok'], ['IDBGR', 'Bogor'], ['IDCBN', 'Cirebon'], ['IDTSY', 'Tasikmalaya']]],
    ['ID-BT', [['IDSER', 'Serang'], ['IDTNG', 'Tangerang'], ['IDCLG', 'Cilegon']]],
    ['ID-JT', [['IDSRG', 'Semarang'], ['IDSOC', 'Surakarta'], ['IDCXP', 'Cilacap'], ['IDPWL', 'Purwokerto']]],
    ['ID-YO', [['IDJOG', 'Yogyakarta']]],
    ['ID-JI', [['IDSUB', 'Surabaya'], ['IDMLG', 'Malang'], ['IDBWX', 'Banyuwangi'], ['IDJBB', 'Jember']]],
    ['ID-BA', [['IDDPS', 'Denpasar']]],
    ['ID-NB', [['IDAMI', 'Mataram'], ['IDBMU', 'Bima'], ['IDSWQ', 'Sumbawa Besar']]],
    ['ID-NT', [['IDKOE', 'Kupang'], ['IDLBJ', 'Labuan Bajo'], ['IDMOF', 'Maumere'], ['IDENE', 'Ende'], ['IDWGP', 'Waingapu']]],
    ['ID-KB', [['IDPNK', 'Pontianak'], ['IDSKW', 'Singkawang'], ['IDKTG', 'Ketapang']]],
    ['ID-KT', [['IDPKY', 'Palangka Raya'], ['IDSMQ', 'Sampit'], ['IDPKN', 'Pangkalan Bun']]],
    ['ID-KS', [['IDBJB', 'Banjarbaru'], ['IDBDJ', 'Banjarmasin']]],
    ['ID-KI', [['IDSRI', 'Samarinda'], ['IDBPN', 'Balikpapan'], ['IDBXT', 'Bontang'], ['IDBEJ', 'Tanjung Redeb']]],
    ['ID-KU', [['IDTJS', 'Tanjung Selor'], ['IDTRK', 'Tarakan'], ['IDNNX', 'Nunukan']]],
    ['ID-SA', [['IDMDC', 'Manado'], ['IDBIT', 'Bitung']]],
    ['ID-ST', [['IDPLW', 'Palu'], ['IDLUW', 'Luwuk'], ['IDPSJ', 'Poso']]],
    ['ID-SN', [['IDUPG', 'Makassar'], ['IDLLO', 'Palopo']]],
    ['ID-SG', [['IDKDI', 'Kendari'], ['IDBUW', 'Baubau']]],
    ['ID-GO', [['IDGTO', 'Gorontalo']]],
    ['ID-SR', [['IDMJU', 'Mamuju']]],
    ['ID-MA', [['IDAMQ', 'Ambon'], ['IDLUV', 'Tual'], ['IDSXK', 'Saumlaki']]],
    ['ID-MU', [['IDSOF', 'Sofifi'], ['IDTTE', 'Ternate']]],
    ['ID-PA', [['IDDJJ', 'Jayapura'], ['IDBIK', 'Biak']]],
    ['ID-PB', [['IDMKW', 'Manokwari'], ['IDFKQ', 'Fakfak']]],
    ['ID-PD', [['IDSOQ', 'Sorong']]],
    ['ID-PE', [['IDWMX', 'Wamena']]],
    ['ID-PS', [['IDMKQ', 'Merauke']]],
    ['ID-PT', [['IDNBX', 'Nabire'], ['IDTIM', 'Timika']]],
  ] as const
).flatMap(([statecode, cities]) => cities.map(([citycode, cityname]) => ({ citycode, cityname, statecode })));

export type TitleSeed = {
  titlecode: string;
  titlename: string;
};

/** Name titles as airline reservations spell them, plus the Indonesian ones members put on their cards. */
export const TITLES: readonly TitleSeed[] = [
  { titlecode: 'MR', titlename: 'Mr' },
  { titlecode: 'MRS', titlename: 'Mrs' },
  { titlecode: 'MS', titlename: 'Ms' },
  { titlecode: 'MISS', titlename: 'Miss' },
  { titlecode: 'MSTR', titlename: 'Master' },
  { titlecode: 'DR', titlename: 'Dr' },
  { titlecode: 'PROF', titlename: 'Prof' },
  { titlecode: 'CAPT', titlename: 'Capt' },
  { titlecode: 'REV', titlename: 'Rev' },
  { titlecode: 'IR', titlename: 'Ir' },
  { titlecode: 'HAJI', titlename: 'Haji' },
  { titlecode: 'HAJJAH', titlename: 'Hajjah' },
];

export type SalutationSeed = {
  salutationcode: string;
  salutationname: string;
  gender: 'MALE' | 'FEMALE';
  langcode: string;
  /** One default per language (the salutation screen's Set Default keeps it so). */
  isdefault: boolean;
};

export const SALUTATIONS: readonly SalutationSeed[] = [
  { salutationcode: 'ENMR', salutationname: 'Mr', gender: 'MALE', langcode: 'en', isdefault: true },
  { salutationcode: 'ENMRS', salutationname: 'Mrs', gender: 'FEMALE', langcode: 'en', isdefault: false },
  { salutationcode: 'ENMS', salutationname: 'Ms', gender: 'FEMALE', langcode: 'en', isdefault: false },
  { salutationcode: 'ENMISS', salutationname: 'Miss', gender: 'FEMALE', langcode: 'en', isdefault: false },
  { salutationcode: 'IDTUAN', salutationname: 'Tuan', gender: 'MALE', langcode: 'id', isdefault: true },
  { salutationcode: 'IDNYONYA', salutationname: 'Nyonya', gender: 'FEMALE', langcode: 'id', isdefault: false },
  { salutationcode: 'IDNONA', salutationname: 'Nona', gender: 'FEMALE', langcode: 'id', isdefault: false },
  { salutationcode: 'IDBAPAK', salutationname: 'Bapak', gender: 'MALE', langcode: 'id', isdefault: false },
  { salutationcode: 'IDIBU', salutationname: 'Ibu', gender: 'FEMALE', langcode: 'id', isdefault: false },
];

export type ReligionSeed = {
  religionid: string;
  religionname: string;
};

/** The six religions Indonesia officially recognises, and Other. */
export const RELIGIONS: readonly ReligionSeed[] = [
  { religionid: 'ISLAM', religionname: 'Islam' },
  { religionid: 'PROTESTANT', religionname: 'Protestantism' },
  { religionid: 'CATHOLIC', religionname: 'Catholicism' },
  { religionid: 'HINDU', religionname: 'Hinduism' },
  { religionid: 'BUDDHIST', religionname: 'Buddhism' },
  { religionid: 'CONFUCIAN', religionname: 'Confucianism' },
  { religionid: 'OTHER', religionname: 'Other' },
];

export type HobbySeed = {
  hobbiesid: string;
  hobbiesname: string;
};

export const HOBBIES: readonly HobbySeed[] = [
  ['READING', 'Reading'],
  ['TRAVEL', 'Travelling'],
  ['PHOTOGRAPHY', 'Photography'],
  ['COOKING', 'Cooking'],
  ['CULINARY', 'Culinary Tourism'],
  ['GOLF', 'Golf'],
  ['FOOTBALL', 'Football'],
  ['BADMINTON', 'Badminton'],
  ['TENNIS', 'Tennis'],
  ['SWIMMING', 'Swimming'],
  ['RUNNING', 'Running'],
  ['CYCLING', 'Cycling'],
  ['DIVING', 'Scuba Diving'],
  ['HIKING', 'Hiking'],
  ['FITNESS', 'Fitness'],
  ['YOGA', 'Yoga'],
  ['MUSIC', 'Music'],
  ['MOVIES', 'Movies'],
  ['GAMING', 'Gaming'],
  ['GARDENING', 'Gardening'],
  ['FISHING', 'Fishing'],
  ['PAINTING', 'Painting'],
  ['SHOPPING', 'Shopping'],
].map(([hobbiesid, hobbiesname]) => ({ hobbiesid: hobbiesid!, hobbiesname: hobbiesname! }));

export type JobSeed = {
  jobcode: string;
  jobname: string;
};

/** Occupations as enrollment forms of Indonesian frequent-flyer programmes list them. */
export const JOBS: readonly JobSeed[] = [
  ['ACCOUNTANT', 'Accountant'],
  ['ARCHITECT', 'Architect'],
  ['BANKER', 'Banker'],
  ['BUSINESS', 'Business Owner'],
  ['CIVILSERV', 'Civil Servant'],
  ['CONSULTANT', 'Consultant'],
  ['DOCTOR', 'Doctor'],
  ['ENGINEER', 'Engineer'],
  ['FARMER', 'Farmer'],
  ['CABINCREW', 'Flight Attendant'],
  ['HOMEMAKER', 'Homemaker'],
  ['ITPRO', 'IT Professional'],
  ['JOURNALIST', 'Journalist'],
  ['LAWYER', 'Lawyer'],
  ['LECTURER', 'Lecturer'],
  ['MANAGER', 'Manager'],
  ['MILITARY', 'Military Officer'],
  ['NURSE', 'Nurse'],
  ['PHARMACIST', 'Pharmacist'],
  ['PILOT', 'Pilot'],
  ['POLICE', 'Police Officer'],
  ['EMPLOYEE', 'Private Sector Employee'],
  ['RETIRED', 'Retired'],
  ['SALES', 'Sales Professional'],
  ['SEAFARER', 'Seafarer'],
  ['SELFEMP', 'Self-employed'],
  ['STUDENT', 'Student'],
  ['TEACHER', 'Teacher'],
  ['OTHER', 'Other'],
].map(([jobcode, jobname]) => ({ jobcode: jobcode!, jobname: jobname! }));

export type GeneralConfigSeed = {
  key: string;
  value: string;
  description: string;
  active: boolean;
};

/** The configuration keys of spec 000 §9 with the values a programme run from Jakarta starts with. */
export const GENERAL_CONFIGURATION: readonly GeneralConfigSeed[] = [
  { key: 'DEFAULT_TIER', value: 'BLUE', description: 'Tier a new member starts in' },
  { key: 'DEFAULT_NATIONALITY', value: 'ID', description: 'Country whose nationality the enrollment form proposes' },
  { key: 'DEFAULT_LANGUAGE', value: 'id', description: 'Language of member correspondence unless the member chooses another' },
  { key: 'DEFAULT_COUNTRY', value: 'ID', description: 'Country the address forms propose' },
  { key: 'DEFAULT_PHONE_CODE', value: '+62', description: 'Phone code the phone number fields propose' },
  { key: 'REPORT_ACCESS_ROLES', value: 'ADMIN,BOD', description: 'Roles that may generate and download every report, comma separated' },
  { key: 'REPORT_ACCESS_USERS', value: 'admin', description: 'User names that may download member data reports, comma separated' },
  { key: 'MEMBER_STATUS_UPDATE', value: '24', description: 'Months without activity after which a member is set inactive' },
  { key: 'TIER_MAINTAIN_NOTIFICATION', value: '60', description: 'Days before the tier period ends that members are told what keeps their tier' },
].map((entry) => ({ ...entry, active: true }));

export type BranchSeed = {
  branchcode: string;
  branchname: string;
  /** A city of INDONESIAN_CITIES. */
  citycode: string;
  address: string;
  phone: string;
  email: string;
};

export type TicketOfficeSeed = {
  tickoffid: string;
  tickoffname: string;
  branchcode: string;
  address: string;
  phone: string;
};

/**
 * The sales network: the Jakarta head office and the branch offices of the main domestic hubs, each
 * with its city ticket office and, where the airline flies in, an airport one. The demo users sit in
 * JKTHO/JKT01 and DPSBO/DPS01 (server/platform/seed/seed.ts). Addresses and numbers are illustrative.
 */
const SALES_NETWORK: readonly (BranchSeed & { offices: readonly Omit<TicketOfficeSeed, 'branchcode'>[] })[] = [
  {
    branchcode: 'JKTHO', branchname: 'Jakarta Head Office', citycode: 'IDJKT',
    address: 'Jl. Medan Merdeka Selatan No. 13, Gambir, Jakarta Pusat 10110', phone: '+62212310082', email: 'jktho@alms.example',
    offices: [
      { tickoffid: 'JKT01', tickoffname: 'Jakarta Gambir City Office', address: 'Jl. Medan Merdeka Selatan No. 13, Gambir, Jakarta Pusat 10110', phone: '+62212310083' },
      { tickoffid: 'JKT02', tickoffname: 'Soekarno-Hatta Airport Terminal 3', address: 'Terminal 3 Departure Hall, Bandara Soekarno-Hatta, Tangerang 15126', phone: '+62215501234' },
      { tickoffid: 'JKT03', tickoffname: 'Jakarta Sudirman City Office', address: 'Jl. Jend. Sudirman Kav. 52-53, Senayan, Jakarta Selatan 12190', phone: '+62215150567' },
    ],
  },
  {
    branchcode: 'DPSBO', branchname: 'Denpasar Branch Office', citycode: 'IDDPS',
    address: 'Jl. Sugianyar No. 5, Denpasar, Bali 80111', phone: '+62361227825', email: 'dpsbo@alms.example',
    offices: [
      { tickoffid: 'DPS01', tickoffname: 'Denpasar City Office', address: 'Jl. Sugianyar No. 5, Denpasar, Bali 80111', phone: '+62361227826' },
      { tickoffid: 'DPS02', tickoffname: 'Ngurah Rai Airport Domestic Terminal', address: 'Domestic Terminal, Bandara I Gusti Ngurah Rai, Tuban, Badung 80362', phone: '+62361935100' },
    ],
  },
  {
    branchcode: 'SUBBO', branchname: 'Surabaya Branch Office', citycode: 'IDSUB',
    address: 'Jl. Basuki Rahmat No. 106, Tegalsari, Surabaya 60271', phone: '+62315321525', email: 'subbo@alms.example',
    offices: [
      { tickoffid: 'SUB01', tickoffname: 'Surabaya Basuki Rahmat City Office', address: 'Jl. Basuki Rahmat No. 106, Tegalsari, Surabaya 60271', phone: '+62315321526' },
      { tickoffid: 'SUB02', tickoffname: 'Juanda Airport Terminal 2', address: 'Terminal 2, Bandara Juanda, Sedati, Sidoarjo 61253', phone: '+62312986100' },
    ],
  },
  {
    branchcode: 'MESBO', branchname: 'Medan Branch Office', citycode: 'IDMES',
    address: 'Jl. Monginsidi No. 34A, Medan Polonia, Medan 20152', phone: '+62614514016', email: 'mesbo@alms.example',
    offices: [
      { tickoffid: 'MES01', tickoffname: 'Medan Monginsidi City Office', address: 'Jl. Monginsidi No. 34A, Medan Polonia, Medan 20152', phone: '+62614514017' },
      { tickoffid: 'MES02', tickoffname: 'Kualanamu Airport', address: 'Departure Hall, Bandara Internasional Kualanamu, Deli Serdang 20552', phone: '+62618880300' },
    ],
  },
  {
    branchcode: 'UPGBO', branchname: 'Makassar Branch Office', citycode: 'IDUPG',
    address: 'Jl. Slamet Riyadi No. 6, Ujung Pandang, Makassar 90111', phone: '+624113652550', email: 'upgbo@alms.example',
    offices: [
      { tickoffid: 'UPG01', tickoffname: 'Makassar City Office', address: 'Jl. Slamet Riyadi No. 6, Ujung Pandang, Makassar 90111', phone: '+624113652551' },
      { tickoffid: 'UPG02', tickoffname: 'Sultan Hasanuddin Airport', address: 'Departure Hall, Bandara Sultan Hasanuddin, Maros 90552', phone: '+624115506222' },
    ],
  },
  {
    branchcode: 'BPNBO', branchname: 'Balikpapan Branch Office', citycode: 'IDBPN',
    address: 'Jl. Jend. Sudirman No. 37, Klandasan Ulu, Balikpapan 76112', phone: '+62542422300', email: 'bpnbo@alms.example',
    offices: [
      { tickoffid: 'BPN01', tickoffname: 'Balikpapan City Office', address: 'Jl. Jend. Sudirman No. 37, Klandasan Ulu, Balikpapan 76112', phone: '+62542422301' },
      { tickoffid: 'BPN02', tickoffname: 'Sepinggan Airport', address: 'Departure Hall, Bandara Sultan Aji Muhammad Sulaiman Sepinggan, Balikpapan 76115', phone: '+62542757100' },
    ],
  },
  {
    branchcode: 'JOGBO', branchname: 'Yogyakarta Branch Office', citycode: 'IDJOG',
    address: 'Jl. Malioboro No. 60, Suryatmajan, Yogyakarta 55213', phone: '+62274561440', email: 'jogbo@alms.example',
    offices: [
      { tickoffid: 'JOG01', tickoffname: 'Yogyakarta Malioboro City Office', address: 'Jl. Malioboro No. 60, Suryatmajan, Yogyakarta 55213', phone: '+62274561441' },
      { tickoffid: 'JOG02', tickoffname: 'Yogyakarta International Airport', address: 'Departure Hall, Yogyakarta International Airport, Temon, Kulon Progo 55654', phone: '+622742850100' },
    ],
  },
  {
    branchcode: 'SRGBO', branchname: 'Semarang Branch Office', citycode: 'IDSRG',
    address: 'Jl. Gajahmada No. 88, Kembangsari, Semarang 50133', phone: '+62248317100', email: 'srgbo@alms.example',
    offices: [
      { tickoffid: 'SRG01', tickoffname: 'Semarang City Office', address: 'Jl. Gajahmada No. 88, Kembangsari, Semarang 50133', phone: '+62248317101' },
      { tickoffid: 'SRG02', tickoffname: 'Jenderal Ahmad Yani Airport', address: 'Departure Hall, Bandara Jenderal Ahmad Yani, Semarang 50145', phone: '+62247608700' },
    ],
  },
  {
    branchcode: 'BTHBO', branchname: 'Batam Branch Office', citycode: 'IDBTH',
    address: 'Jl. Engku Putri No. 3, Batam Centre, Batam 29461', phone: '+62778462111', email: 'bthbo@alms.example',
    offices: [
      { tickoffid: 'BTH01', tickoffname: 'Batam Centre City Office', address: 'Jl. Engku Putri No. 3, Batam Centre, Batam 29461', phone: '+62778462112' },
      { tickoffid: 'BTH02', tickoffname: 'Hang Nadim Airport', address: 'Departure Hall, Bandara Internasional Hang Nadim, Batu Besar, Batam 29466', phone: '+62778761500' },
    ],
  },
  {
    branchcode: 'MDCBO', branchname: 'Manado Branch Office', citycode: 'IDMDC',
    address: 'Jl. Sam Ratulangi No. 212, Wenang, Manado 95111', phone: '+62431851700', email: 'mdcbo@alms.example',
    offices: [
      { tickoffid: 'MDC01', tickoffname: 'Manado City Office', address: 'Jl. Sam Ratulangi No. 212, Wenang, Manado 95111', phone: '+62431851701' },
      { tickoffid: 'MDC02', tickoffname: 'Sam Ratulangi Airport', address: 'Departure Hall, Bandara Internasional Sam Ratulangi, Mapanget, Manado 95258', phone: '+62431811200' },
    ],
  },
  {
    branchcode: 'PKUBO', branchname: 'Pekanbaru Branch Office', citycode: 'IDPKU',
    address: 'Jl. Jend. Sudirman No. 343, Sukajadi, Pekanbaru 28121', phone: '+62761858600', email: 'pkubo@alms.example',
    offices: [
      { tickoffid: 'PKU01', tickoffname: 'Pekanbaru City Office', address: 'Jl. Jend. Sudirman No. 343, Sukajadi, Pekanbaru 28121', phone: '+62761858601' },
    ],
  },
  {
    branchcode: 'DJJBO', branchname: 'Jayapura Branch Office', citycode: 'IDDJJ',
    address: 'Jl. Ahmad Yani No. 15, Gurabesi, Jayapura 99111', phone: '+62967522200', email: 'djjbo@alms.example',
    offices: [
      { tickoffid: 'DJJ01', tickoffname: 'Jayapura City Office', address: 'Jl. Ahmad Yani No. 15, Gurabesi, Jayapura 99111', phone: '+62967522201' },
      { tickoffid: 'DJJ02', tickoffname: 'Sentani Airport', address: 'Departure Hall, Bandara Sentani, Sentani, Jayapura 99352', phone: '+62967591100' },
    ],
  },
];

export const BRANCHES: readonly BranchSeed[] = SALES_NETWORK.map(({ offices: _offices, ...branch }) => branch);

export const TICKET_OFFICES: readonly TicketOfficeSeed[] = SALES_NETWORK.flatMap(({ branchcode, offices }) => offices.map((office) => ({ ...office, branchcode })));
