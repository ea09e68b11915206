/**
 * GST state codes (the first two digits of a GSTIN, and the "place of supply" of the GST portal's
 * returns). A delivery address carries its state as typed, so the lookup forgives case, spacing,
 * "&" for "and", and the common short names.
 */
export const GST_STATES: ReadonlyArray<{ code: string; name: string; aliases?: string[] }> = [
  { code: '01', name: 'Jammu and Kashmir', aliases: ['J&K', 'JK'] },
  { code: '02', name: 'Himachal Pradesh', aliases: ['HP'] },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand', aliases: ['Uttaranchal'] },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi', aliases: ['New Delhi', 'NCT of Delhi'] },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh', aliases: ['UP'] },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal', aliases: ['WB'] },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha', aliases: ['Orissa'] },
  { code: '22', name: 'Chhattisgarh', aliases: ['Chattisgarh'] },
  { code: '23', name: 'Madhya Pradesh', aliases: ['MP'] },
  { code: '24', name: 'Gujarat' },
  {
    code: '26',
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    aliases: ['Daman and Diu', 'Dadra and Nagar Haveli'],
  },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu', aliases: ['TN'] },
  { code: '34', name: 'Puducherry', aliases: ['Pondicherry'] },
  { code: '35', name: 'Andaman and Nicobar Islands', aliases: ['Andaman and Nicobar'] },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh', aliases: ['AP'] },
  { code: '38', name: 'Ladakh' },
];

const normal = (text: string): string =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const BY_NAME = new Map<string, string>(
  GST_STATES.flatMap(({ code, name, aliases = [] }) =>
    [name, ...aliases, code].map((text) => [normal(text), code] as const),
  ),
);

/** The two-digit code of a state as typed ("Tamil Nadu", "tamil  nadu", "TN", "33"), or undefined. */
export function gstStateCode(state: string): string | undefined {
  return BY_NAME.get(normal(state));
}

export function gstStateName(code: string): string | undefined {
  return GST_STATES.find((state) => state.code === code)?.name;
}
