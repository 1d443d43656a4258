// The vendor cards' texts (spec 001 §3.6, §8), kept exactly; the browser tests read them from here.
export const VENDOR_TEXTS = {
  notAvailable: 'Vendor not available for this product',
  notAvailableForRegion: 'Vendor not available for this product / region',
  selectRegion: 'Please select courier region',
} as const;

/** The vendor types of spec 001 §9, in card order, with the card titles. */
export const VENDOR_TYPES = [
  { type: 'PRINTING', title: 'Printing Vendor', flag: 'useprintingvendor' },
  { type: 'PACKAGING', title: 'Packaging Vendor', flag: 'usepackagingvendor' },
  { type: 'COURIER', title: 'Courier Vendor', flag: 'usecouriervendor' },
] as const;
