/**
 * The business as emails show it. The web app keeps the same details in web/src/app/business.ts;
 * brand.spec.ts fails when the two drift apart.
 */
export const brand = {
  name: 'Aranya Spa & Wellness',
  addressLines: ['2nd Floor, Sapphire Square', 'Scheme No. 54, Vijay Nagar', 'Indore, Madhya Pradesh 452010'],
  phone: '+91 731 400 2211',
  email: 'hello@aranyaspa.in',
  openingHours: '9:00 AM – 9:00 PM',
  colors: {
    background: '#faf6f0',
    surface: '#fffdf9',
    text: '#25241f',
    muted: '#5d5850',
    border: '#e5dbcc',
    accent: '#1f4d45',
    onAccent: '#fbf8f2',
    gold: '#7a5c33',
  },
} as const;
