// The word lists and shares the demo population is drawn from: names by origin, routes with their
// distances, partners' earning patterns, award prices, and the shares of memberships, tiers, channels
// and branches. Data only: memberPopulation.ts draws from it.
import type { MembershipId } from '../tierManagement/tiers/tierData';

export type Gender = 'MALE' | 'FEMALE';
export type TierName = 'Blue' | 'Silver' | 'Gold' | 'Platinum';

/** A pool of names of one origin, with the country and language its members most often have. */
export interface NameOrigin {
  origin: string;
  /** Share of the population (weights, not percentages). */
  weight: number;
  nationality: string;
  language: string;
  religions: readonly [string, number][];
  male: readonly string[];
  female: readonly string[];
  family: readonly string[];
  /** Share of members with one name only (common in Java). */
  singleName?: number;
}

const JAVANESE_RELIGIONS: [string, number][] = [['ISLAM', 86], ['PROTESTANT', 7], ['CATHOLIC', 3], ['BUDDHIST', 1], ['HINDU', 1], ['OTHER', 2]];

export const NAME_ORIGINS: readonly NameOrigin[] = [
  {
    origin: 'indonesian',
    weight: 62,
    nationality: 'ID',
    language: 'id',
    religions: JAVANESE_RELIGIONS,
    singleName: 0.06,
    male: [
      'Budi', 'Agus', 'Rizky', 'Andi', 'Hendra', 'Yusuf', 'Bambang', 'Fajar', 'Eko', 'Dimas', 'Arief', 'Bayu', 'Dedi', 'Joko', 'Hadi', 'Irfan',
      'Teguh', 'Wahyu', 'Yoga', 'Rudi', 'Slamet', 'Sigit', 'Taufik', 'Hafiz', 'Ilham', 'Reza', 'Rangga', 'Adi', 'Aditya', 'Ahmad', 'Muhammad',
      'Fikri', 'Galih', 'Gilang', 'Heru', 'Imam', 'Kurniawan', 'Lukman', 'Novri', 'Oki', 'Putra', 'Raden', 'Satria', 'Surya', 'Tri', 'Wawan',
      'Yudha', 'Zainal', 'Aris', 'Bagus', 'Doni', 'Erwin', 'Ferry', 'Gunawan', 'Hari', 'Indra', 'Krisna', 'Nanda', 'Prabowo', 'Rahmat', 'Samsul',
    ],
    female: [
      'Siti', 'Dewi', 'Putri', 'Nur', 'Fitri', 'Rina', 'Ayu', 'Indah', 'Lina', 'Sri', 'Wulan', 'Ratna', 'Maya', 'Intan', 'Nadia', 'Anisa', 'Dian',
      'Endang', 'Fatimah', 'Gita', 'Hesti', 'Ika', 'Kartika', 'Lestari', 'Mega', 'Novi', 'Puspita', 'Rahma', 'Sari', 'Tuti', 'Utami', 'Vina',
      'Wati', 'Yanti', 'Zahra', 'Aisyah', 'Bunga', 'Citra', 'Dinda', 'Eka', 'Farah', 'Hana', 'Ira', 'Kirana', 'Laras', 'Melati', 'Nabila', 'Oktaviani',
      'Pratiwi', 'Rini', 'Salsabila', 'Tania', 'Wahyuni', 'Yulia', 'Anggun', 'Cahya', 'Desi', 'Eni', 'Galuh', 'Husna',
    ],
    family: [
      'Santoso', 'Rahmawati', 'Setiawan', 'Lestari', 'Pratama', 'Handayani', 'Wijaya', 'Hidayah', 'Anggraini', 'Gunawan', 'Kusumawati', 'Hakim',
      'Permatasari', 'Susilo', 'Purnamasari', 'Nugroho', 'Marlina', 'Prasetyo', 'Saputra', 'Hidayat', 'Wibowo', 'Kurniawan', 'Susanto', 'Siregar',
      'Nasution', 'Harahap', 'Lubis', 'Simanjuntak', 'Sitompul', 'Pane', 'Hutapea', 'Sinaga', 'Tampubolon', 'Manurung', 'Ginting', 'Tarigan',
      'Sembiring', 'Putri', 'Utomo', 'Hartono', 'Sugiarto', 'Firmansyah', 'Ramadhan', 'Syahputra', 'Maulana', 'Hasibuan', 'Daulay', 'Rangkuti',
      'Suryadi', 'Wahyudi', 'Hermawan', 'Sulistyo', 'Purwanto', 'Budiman', 'Irawan', 'Kartika', 'Fauzi', 'Rusdi', 'Syamsudin', 'Pohan', 'Pardede',
      'Manik', 'Panjaitan', 'Sihombing', 'Situmorang', 'Tambunan', 'Mokoginta', 'Lumban Tobing', 'Pangaribuan', 'Silalahi',
    ],
  },
  {
    origin: 'balinese',
    weight: 6,
    nationality: 'ID',
    language: 'id',
    religions: [['HINDU', 92], ['ISLAM', 5], ['PROTESTANT', 3]],
    male: ['Made', 'Wayan', 'Nyoman', 'Ketut', 'Putu', 'Gede', 'Komang', 'Kadek', 'I Gusti Ngurah', 'Ida Bagus'],
    female: ['Ni Made', 'Ni Wayan', 'Ni Nyoman', 'Ni Ketut', 'Ni Putu', 'Ni Komang', 'Ni Kadek', 'Ida Ayu', 'Anak Agung Istri', 'Desak'],
    family: ['Suartana', 'Sudarsana', 'Astawa', 'Wirawan', 'Suardana', 'Mahendra', 'Sanjaya', 'Adnyana', 'Arsana', 'Budiasa', 'Darmawan', 'Ariani', 'Sukerti', 'Widiastuti', 'Suryani', 'Yuliantari'],
  },
  {
    origin: 'chinese-indonesian',
    weight: 9,
    nationality: 'ID',
    language: 'id',
    religions: [['BUDDHIST', 35], ['CATHOLIC', 25], ['PROTESTANT', 30], ['CONFUCIAN', 8], ['OTHER', 2]],
    male: ['Hendrik', 'Steven', 'Kevin', 'Michael', 'William', 'Jonathan', 'Felix', 'Anton', 'Robert', 'Vincent', 'Jimmy', 'Albert', 'Edwin', 'Hendry', 'Sugianto', 'Johan'],
    female: ['Linda', 'Jessica', 'Melissa', 'Natalia', 'Yenny', 'Lily', 'Grace', 'Angela', 'Cindy', 'Stephanie', 'Vivian', 'Susan', 'Meiliana', 'Fransiska', 'Veronica', 'Elisabeth'],
    family: ['Tanoto', 'Halim', 'Salim', 'Gozali', 'Tanuwijaya', 'Hartanto', 'Lim', 'Tan', 'Wongso', 'Kosasih', 'Sutanto', 'Widjaja', 'Liem', 'Tjandra', 'Oei', 'Gondokusumo', 'Chandra', 'Sugianto'],
  },
  {
    origin: 'malaysian-singaporean',
    weight: 5,
    nationality: 'MY',
    language: 'ms',
    religions: [['ISLAM', 55], ['BUDDHIST', 25], ['HINDU', 8], ['PROTESTANT', 6], ['CATHOLIC', 6]],
    male: ['Ahmad Faizal', 'Mohd Hafiz', 'Azlan', 'Wei Ming', 'Jun Jie', 'Kumar', 'Rajesh', 'Hakim', 'Zulkifli', 'Chee Keong'],
    female: ['Nurul Ain', 'Siti Aisyah', 'Mei Ling', 'Hui Min', 'Priya', 'Farhana', 'Shu Fen', 'Aishah', 'Kavitha', 'Xin Yi'],
    family: ['Abdullah', 'Ismail', 'Ibrahim', 'Ong', 'Lee', 'Ng', 'Goh', 'Teo', 'Chua', 'Krishnan', 'Subramaniam', 'Rahman', 'Osman', 'Yusof', 'Koh'],
  },
  {
    origin: 'australian-british',
    weight: 5,
    nationality: 'AU',
    language: 'en',
    religions: [['PROTESTANT', 40], ['CATHOLIC', 30], ['OTHER', 30]],
    male: ['James', 'Jack', 'Oliver', 'William', 'Thomas', 'Daniel', 'Matthew', 'Liam', 'Benjamin', 'Samuel', 'Harry', 'George', 'Lachlan', 'Nathan'],
    female: ['Olivia', 'Charlotte', 'Emily', 'Sophie', 'Chloe', 'Grace', 'Jessica', 'Emma', 'Hannah', 'Amelia', 'Isabella', 'Ruby', 'Lucy', 'Sarah'],
    family: ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson', 'Thompson', 'Walker', "O'Brien", 'Harris', 'Ryan', 'Kelly', 'Campbell'],
  },
  {
    origin: 'dutch',
    weight: 3,
    nationality: 'NL',
    language: 'nl',
    religions: [['CATHOLIC', 30], ['PROTESTANT', 25], ['OTHER', 45]],
    male: ['Jan', 'Pieter', 'Daan', 'Sem', 'Lucas', 'Thijs', 'Bram', 'Ruben', 'Maarten', 'Joost', 'Willem', 'Koen'],
    female: ['Anna', 'Emma', 'Julia', 'Sanne', 'Lotte', 'Fleur', 'Eva', 'Femke', 'Noor', 'Iris', 'Marieke', 'Anouk'],
    family: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters'],
  },
  {
    origin: 'japanese',
    weight: 3,
    nationality: 'JP',
    language: 'ja',
    religions: [['BUDDHIST', 60], ['OTHER', 40]],
    male: ['Hiroshi', 'Takeshi', 'Kenji', 'Yuki', 'Haruto', 'Sota', 'Daiki', 'Ren', 'Kazuki', 'Takumi', 'Shota', 'Naoki'],
    female: ['Yuko', 'Aiko', 'Sakura', 'Yui', 'Hina', 'Mei', 'Akiko', 'Naomi', 'Rin', 'Emi', 'Keiko', 'Haruka'],
    family: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada', 'Sasaki', 'Matsumoto'],
  },
  {
    origin: 'korean',
    weight: 2,
    nationality: 'KR',
    language: 'ko',
    religions: [['PROTESTANT', 30], ['CATHOLIC', 15], ['BUDDHIST', 20], ['OTHER', 35]],
    male: ['Min-jun', 'Seo-jun', 'Ji-hoon', 'Hyun-woo', 'Dong-hyun', 'Sung-min', 'Joon-ho', 'Tae-yang'],
    female: ['Seo-yeon', 'Ji-woo', 'Min-seo', 'Ha-eun', 'Soo-jin', 'Ji-min', 'Eun-ji', 'Yoo-na'],
    family: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han', 'Shin'],
  },
  {
    origin: 'indian',
    weight: 2,
    nationality: 'IN',
    language: 'en',
    religions: [['HINDU', 80], ['ISLAM', 10], ['OTHER', 10]],
    male: ['Arjun', 'Rahul', 'Vikram', 'Amit', 'Sanjay', 'Rohan', 'Aditya', 'Anil', 'Suresh', 'Karthik'],
    female: ['Priya', 'Ananya', 'Deepa', 'Neha', 'Pooja', 'Kavya', 'Sunita', 'Meera', 'Lakshmi', 'Divya'],
    family: ['Sharma', 'Patel', 'Gupta', 'Singh', 'Kumar', 'Reddy', 'Iyer', 'Nair', 'Menon', 'Rao', 'Mehta', 'Desai'],
  },
  {
    origin: 'arab',
    weight: 2,
    nationality: 'SA',
    language: 'ar',
    religions: [['ISLAM', 100]],
    male: ['Mohammed', 'Abdullah', 'Omar', 'Khalid', 'Faisal', 'Saad', 'Tariq', 'Yousef', 'Hamza', 'Ali'],
    female: ['Fatima', 'Aisha', 'Noura', 'Maryam', 'Layla', 'Huda', 'Reem', 'Sara', 'Lina', 'Amal'],
    family: ['Al Ghamdi', 'Al Harbi', 'Al Qahtani', 'Al Zahrani', 'Al Otaibi', 'Al Shehri', 'Al Mutairi', 'Al Dossari', 'Al Amoudi'],
  },
  {
    origin: 'american',
    weight: 1,
    nationality: 'US',
    language: 'en',
    religions: [['PROTESTANT', 45], ['CATHOLIC', 20], ['OTHER', 35]],
    male: ['Michael', 'David', 'John', 'Robert', 'Christopher', 'Joshua', 'Andrew', 'Ryan', 'Tyler', 'Brandon'],
    female: ['Jennifer', 'Ashley', 'Megan', 'Lauren', 'Amanda', 'Brittany', 'Rachel', 'Nicole', 'Samantha', 'Kimberly'],
    family: ['Miller', 'Davis', 'Garcia', 'Rodriguez', 'Martinez', 'Moore', 'Jackson', 'Lee', 'Clark', 'Lewis', 'Young', 'Allen'],
  },
];

/** Membership shares of an Indonesian programme: mostly the main programme, some co-brand card holders, some company travellers. */
export const MEMBERSHIP_SHARES: readonly [MembershipId, number][] = [['FFP', 80], ['COBRAND', 12], ['CORPORATE', 8]];

/** Tier shares per membership (a co-brand card starts many at Silver; companies put their travellers higher). */
export const TIER_SHARES: Record<MembershipId, readonly [TierName, number][]> = {
  FFP: [['Blue', 74], ['Silver', 16], ['Gold', 7], ['Platinum', 3]],
  COBRAND: [['Blue', 52], ['Silver', 32], ['Gold', 13], ['Platinum', 3]],
  CORPORATE: [['Blue', 30], ['Silver', 35], ['Gold', 25], ['Platinum', 10]],
};

export const TIER_ORDER: readonly TierName[] = ['Blue', 'Silver', 'Gold', 'Platinum'];

/** Flights a year a member of each tier takes, and how much of it is long-haul or business (tier miles follow). */
export const FLYER_PROFILES: Record<TierName, { flightsPerYear: [number, number]; international: number; premium: number }> = {
  Blue: { flightsPerYear: [0.3, 2.5], international: 0.15, premium: 0.02 },
  Silver: { flightsPerYear: [5, 9], international: 0.35, premium: 0.1 },
  Gold: { flightsPerYear: [8, 13], international: 0.55, premium: 0.35 },
  Platinum: { flightsPerYear: [10, 16], international: 0.7, premium: 0.6 },
};

export const ENROLL_CHANNELS: readonly [string, number][] = [['MOBILE', 38], ['WEBSITE', 26], ['BO', 16], ['CHECKIN', 12], ['PARTNER', 6], ['CHARITY', 2]];

/** Where members enroll: the head office and the big hubs most. */
export const BRANCH_SHARES: readonly [string, number][] = [
  ['JKTHO', 34], ['SUBBO', 12], ['DPSBO', 10], ['MESBO', 8], ['UPGBO', 7], ['BPNBO', 5], ['JOGBO', 5], ['SRGBO', 5], ['BTHBO', 4], ['MDCBO', 4], ['PKUBO', 3], ['DJJBO', 3],
];

/** Home cities of Indonesian members (city codes of the reference cities), weighted like the population. */
export const HOME_CITIES: readonly [string, number][] = [
  ['IDJKT', 24], ['IDSUB', 8], ['IDBDO', 6], ['IDTNG', 5], ['IDBKI', 5], ['IDDPK', 3], ['IDBGR', 3], ['IDMES', 6], ['IDDPS', 5], ['IDSRG', 4], ['IDJOG', 3],
  ['IDUPG', 4], ['IDBPN', 3], ['IDPLM', 3], ['IDPKU', 2], ['IDBTH', 2], ['IDMDC', 2], ['IDPDG', 2], ['IDPNK', 2], ['IDBDJ', 2], ['IDSRI', 1], ['IDMLG', 2],
  ['IDAMI', 1], ['IDKOE', 1], ['IDDJJ', 1], ['IDAMQ', 1], ['IDSOC', 1],
];

/** Home cities abroad per nationality: [country, state (none), city name, postal code]. */
export const FOREIGN_HOMES: Record<string, [string, string][]> = {
  MY: [['Kuala Lumpur', '50450'], ['Penang', '10200'], ['Johor Bahru', '80000']],
  AU: [['Sydney', '2000'], ['Melbourne', '3000'], ['Perth', '6000'], ['Brisbane', '4000']],
  NL: [['Amsterdam', '1012'], ['Rotterdam', '3011'], ['Utrecht', '3511'], ['The Hague', '2511']],
  JP: [['Tokyo', '100-0005'], ['Osaka', '530-0001'], ['Yokohama', '220-0011']],
  KR: [['Seoul', '04524'], ['Busan', '48058'], ['Incheon', '22382']],
  IN: [['Mumbai', '400001'], ['Bengaluru', '560001'], ['New Delhi', '110001']],
  SA: [['Jeddah', '21442'], ['Riyadh', '11564'], ['Madinah', '42311']],
  US: [['Los Angeles', '90012'], ['San Francisco', '94105'], ['New York', '10001'], ['Seattle', '98101']],
};

export const STREETS: readonly string[] = [
  'Jalan Sudirman', 'Jalan MH Thamrin', 'Jalan Gatot Subroto', 'Jalan Diponegoro', 'Jalan Ahmad Yani', 'Jalan Pemuda', 'Jalan Merdeka', 'Jalan Gajah Mada',
  'Jalan Hayam Wuruk', 'Jalan Pahlawan', 'Jalan Veteran', 'Jalan Kartini', 'Jalan Imam Bonjol', 'Jalan Cendrawasih', 'Jalan Melati', 'Jalan Anggrek',
  'Jalan Kenanga', 'Jalan Mawar', 'Jalan Teuku Umar', 'Jalan Pattimura', 'Jalan Sisingamangaraja', 'Jalan Raya Kuta', 'Jalan Bypass Ngurah Rai', 'Jalan Basuki Rahmat',
];

export const FOREIGN_STREETS: readonly string[] = ['Main Street', 'George Street', 'Orchard Road', 'Keizersgracht', 'Collins Street', 'King Street', 'Market Street', 'Park Avenue', 'Station Road', 'Harbour Road'];

/** Employers of business addresses (companyname, department). */
export const EMPLOYERS: readonly [string, string][] = [
  ['PT Bank Rakyat Indonesia', 'Treasury'], ['PT Telkom Indonesia', 'Network Operations'], ['PT Pertamina', 'Procurement'], ['PT Astra International', 'Finance'],
  ['PT Unilever Indonesia', 'Marketing'], ['PT Gojek Indonesia', 'Engineering'], ['PT Tokopedia', 'Product'], ['PT Semen Indonesia', 'Sales'],
  ['PT Kalbe Farma', 'Research'], ['PT Indofood Sukses Makmur', 'Supply Chain'], ['PT XL Axiata', 'Enterprise Sales'], ['PT Adaro Energy', 'Operations'],
  ['Kementerian Keuangan', 'Directorate General of Taxes'], ['Universitas Indonesia', 'Faculty of Medicine'], ['RS Siloam', 'Cardiology'], ['PT Freeport Indonesia', 'Logistics'],
];

/**
 * Routes flown, with the great-circle distance in miles: [carrier, origin, destination, miles, weight].
 * Domestic routes of the programme's carrier first, then its international and partner routes.
 */
export const DOMESTIC_ROUTES: readonly [string, string, string, number, number][] = [
  ['GA', 'CGK', 'DPS', 610, 20], ['GA', 'CGK', 'SUB', 431, 16], ['GA', 'CGK', 'KNO', 880, 10], ['GA', 'CGK', 'UPG', 889, 9], ['GA', 'CGK', 'BPN', 788, 7],
  ['GA', 'CGK', 'YIA', 267, 7], ['GA', 'CGK', 'PLM', 267, 4], ['GA', 'CGK', 'PDG', 575, 4], ['GA', 'CGK', 'PNK', 460, 4], ['GA', 'CGK', 'BTH', 550, 4],
  ['GA', 'CGK', 'MDC', 1489, 3], ['GA', 'CGK', 'DJJ', 2295, 2], ['GA', 'CGK', 'LOP', 690, 3], ['GA', 'CGK', 'KOE', 1268, 2], ['GA', 'CGK', 'BDJ', 572, 3],
  ['GA', 'SUB', 'DPS', 200, 3], ['GA', 'SUB', 'UPG', 476, 2], ['QG', 'CGK', 'DPS', 610, 6], ['QG', 'CGK', 'SUB', 431, 6], ['QG', 'CGK', 'KNO', 880, 3],
];

export const INTERNATIONAL_ROUTES: readonly [string, string, string, number, number][] = [
  ['GA', 'CGK', 'SIN', 547, 12], ['GA', 'CGK', 'KUL', 702, 6], ['GA', 'CGK', 'BKK', 1430, 4], ['GA', 'CGK', 'HKG', 2013, 4], ['GA', 'CGK', 'NRT', 3618, 5],
  ['GA', 'CGK', 'HND', 3600, 3], ['GA', 'CGK', 'ICN', 3280, 4], ['GA', 'CGK', 'SYD', 3420, 4], ['GA', 'CGK', 'MEL', 3250, 2], ['GA', 'CGK', 'JED', 4900, 6],
  ['GA', 'CGK', 'MED', 4960, 2], ['GA', 'CGK', 'AMS', 7040, 4], ['GA', 'DPS', 'SYD', 2860, 3], ['GA', 'DPS', 'PER', 1640, 3], ['GA', 'DPS', 'NRT', 3600, 2],
  ['KL', 'CGK', 'AMS', 7040, 2], ['KL', 'AMS', 'CDG', 247, 1], ['AF', 'CDG', 'SIN', 6670, 1], ['SQ', 'SIN', 'NRT', 3312, 2], ['SQ', 'SIN', 'SYD', 3915, 1],
  ['KE', 'ICN', 'CGK', 3280, 2], ['DL', 'AMS', 'JFK', 3650, 1], ['CX', 'HKG', 'SFO', 6927, 1], ['QF', 'SYD', 'DPS', 2860, 1], ['NH', 'HND', 'CGK', 3600, 1],
];

/** Booking classes sold, by cabin: economy fares mostly discounted, business full fare. */
export const ECONOMY_CLASSES: readonly [string, number][] = [['Y', 10], ['B', 12], ['M', 26], ['K', 30], ['N', 22]];
export const PREMIUM_CLASSES: readonly [string, number][] = [['J', 35], ['C', 65]];

/** Award miles on top of the flown miles for a tier (the tier bonus of DOMAIN.md), in percent. */
export const TIER_BONUS_PERCENT: Record<TierName, number> = { Blue: 0, Silver: 0, Gold: 25, Platinum: 25 };

/**
 * Partners crediting award miles: [partnercode, activity, its activity code (the partner's non-air accrual rule,
 * server/catalog/accrual/accrualData.ts), miles from, miles to, chance a month].
 */
export const PARTNER_EARNINGS: readonly [string, string, string, number, number, number][] = [
  ['HILTON', 'Hotel stay', 'STAY', 500, 2500, 0.015],
  ['ACCOR', 'Hotel stay', 'STAY', 400, 2000, 0.015],
  ['AVIS', 'Car rental', 'RENTAL', 250, 750, 0.008],
  ['BLUEBIRD', 'Taxi rides', 'RIDE', 50, 300, 0.02],
  ['SARINAH', 'Shopping', 'PURCHASE', 100, 600, 0.01],
];

/** Co-brand cards earn on spend every month: [partnercode, miles from, miles to]. */
export const COBRAND_BANKS: readonly [string, number, number][] = [['BNI', 300, 3500], ['BCA', 300, 3000], ['MANDIRI', 250, 2800]];

/** What members redeem: [award, miles]. */
/** What members redeem: the reason, the miles, and the award code of the award master (server/awardManagement/awards/awardData.ts) the ledger's source names. */
export const AWARDS: readonly [string, number, string][] = [
  ['Award ticket CGK-DPS economy', 15000, 'AWD-DOM-Y'],
  ['Award ticket CGK-SIN economy', 20000, 'AWD-INT-Y'],
  ['Award ticket CGK-KNO economy', 18000, 'AWD-DOM-Y'],
  ['Upgrade to business class CGK-DPS', 10000, 'UPG-DOM'],
  ['Award ticket CGK-NRT economy', 45000, 'AWD-INT-Y'],
  ['Upgrade to business class CGK-AMS', 60000, 'AWD-INT-C'],
  ['Hotel voucher Hilton Bali one night', 12000, 'HTL-HILTON'],
  ['Shopping voucher Sarinah IDR 500,000', 6000, 'VCH-SARINAH'],
  ['Luggage tag', 1500, 'LUGGAGE-TAG'],
];

/** The enrollment bonus of the demo years (a campaign's welcome miles). */
export const ENROLLMENT_BONUS_MILES = 500;
