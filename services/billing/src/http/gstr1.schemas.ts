import { errorResponseSchema } from '@spa/kit';
import { GSTR1_SECTIONS } from '../domain/gstr1.js';

/**
 * GET /admin/reports/gstr1. The month is checked by the handler (422 INVALID_MONTH, the field named in
 * details), so only its length is limited here.
 */
export const gstr1QuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    month: { type: 'string', maxLength: 20, description: 'The return period, YYYY-MM (July 2017 or later)' },
    format: {
      type: 'string',
      enum: ['json', 'csv'],
      default: 'json',
      description: 'json: the portal’s JSON (all sections); csv: one offline-tool sheet, named by `section`',
    },
    section: {
      type: 'string',
      enum: [...GSTR1_SECTIONS],
      description:
        'With format=csv (required there): b2b, b2cl, b2cs, cdnr, cdnur, exemp (nil rated), hsn (B2B and B2C together), hsn_b2b, hsn_b2c or docs',
    },
  },
} as const;

const money = { type: 'number', description: 'Rupees, at most 2 decimals (summed in paise)' } as const;
const rate = { type: 'number', description: 'GST rate in percent' } as const;
const items = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      num: { type: 'integer' },
      itm_det: {
        type: 'object',
        description: 'camt and samt inside the state, iamt across',
        properties: { rt: rate, txval: money, iamt: money, camt: money, samt: money, csamt: money },
      },
    },
  },
} as const;
const invoice = {
  inum: { type: 'string' },
  idt: { type: 'string', description: 'dd-mm-yyyy' },
  val: { ...money, description: 'Taxable value + tax (a tip is not part of the supply)' },
  pos: { type: 'string', description: 'Place of supply, two-digit state code' },
  itms: items,
} as const;
const note = {
  ntty: { type: 'string', enum: ['C'] },
  nt_num: { type: 'string' },
  nt_dt: { type: 'string', description: 'dd-mm-yyyy' },
  val: money,
  pos: { type: 'string' },
  itms: items,
} as const;
const hsnRows = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      num: { type: 'integer' },
      hsn_sc: { type: 'string' },
      desc: { type: 'string' },
      uqc: { type: 'string', description: 'NA for services, NOS for products' },
      qty: { type: 'number' },
      rt: rate,
      txval: money,
      iamt: money,
      camt: money,
      samt: money,
      csamt: money,
    },
  },
} as const;

/** The portal's GSTR-1 JSON; a section with nothing in it is left out. */
export const gstr1JsonSchema = {
  type: 'object',
  required: ['gstin', 'fp'],
  properties: {
    gstin: { type: 'string' },
    fp: { type: 'string', description: 'MMYYYY' },
    b2b: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ctin: { type: 'string' },
          inv: {
            type: 'array',
            items: {
              type: 'object',
              properties: { ...invoice, rchrg: { type: 'string' }, inv_typ: { type: 'string' } },
            },
          },
        },
      },
    },
    b2cl: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          pos: { type: 'string' },
          inv: {
            type: 'array',
            items: {
              type: 'object',
              properties: { inum: invoice.inum, idt: invoice.idt, val: invoice.val, itms: items },
            },
          },
        },
      },
    },
    b2cs: {
      type: 'array',
      description: 'Net of the credit notes against these supplies (a row may be negative)',
      items: {
        type: 'object',
        properties: {
          sply_ty: { type: 'string', enum: ['INTRA', 'INTER'] },
          pos: { type: 'string' },
          typ: { type: 'string', enum: ['OE'] },
          rt: rate,
          txval: money,
          iamt: money,
          camt: money,
          samt: money,
          csamt: money,
        },
      },
    },
    nil: {
      type: 'object',
      properties: {
        inv: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              sply_ty: { type: 'string' },
              nil_amt: money,
              expt_amt: money,
              ngsup_amt: money,
            },
          },
        },
      },
    },
    cdnr: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ctin: { type: 'string' },
          nt: {
            type: 'array',
            items: {
              type: 'object',
              properties: { ...note, rchrg: { type: 'string' }, inv_typ: { type: 'string' } },
            },
          },
        },
      },
    },
    cdnur: {
      type: 'array',
      items: { type: 'object', properties: { typ: { type: 'string', enum: ['B2CL'] }, ...note } },
    },
    hsn: { type: 'object', properties: { hsn_b2b: hsnRows, hsn_b2c: hsnRows } },
    doc_issue: {
      type: 'object',
      properties: {
        doc_det: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              doc_num: { type: 'integer', description: '1 invoices, 5 credit notes' },
              doc_typ: { type: 'string' },
              docs: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    num: { type: 'integer' },
                    from: { type: 'string' },
                    to: { type: 'string' },
                    totnum: { type: 'integer' },
                    cancel: { type: 'integer' },
                    net_issue: { type: 'integer' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const gstr1ErrorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  422: errorResponseSchema,
} as const;
