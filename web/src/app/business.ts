/** The business shown in the header, footers and home page. Placeholder details: change them here only. */
export const business = {
  name: 'Aranya Spa & Wellness',
  shortName: 'Aranya',
  address: {
    line1: '2nd Floor, Sapphire Square',
    line2: 'Scheme No. 54, Vijay Nagar',
    city: 'Indore',
    region: 'Madhya Pradesh',
    postalCode: '452010',
    country: 'India',
  },
  phone: '+91 731 400 2211',
  phoneHref: 'tel:+917314002211',
  email: 'hello@aranyaspa.in',
  careersEmail: 'careers@aranyaspa.in',
  openingDays: 'Open every day',
  // The hours are booking's configuration (useOpeningHoursText in booking-rules.ts), not a constant here.
} as const;

export const businessAddressLines = [
  business.address.line1,
  business.address.line2,
  `${business.address.city}, ${business.address.region} ${business.address.postalCode}`,
];
