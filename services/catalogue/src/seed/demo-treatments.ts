import type { DepositPolicyInput } from '../domain/service-form.js';
import type { Motif, Palette } from './artwork.js';

/** A demo spa's treatment menu: eight categories of three treatments, prices in rupees. */

interface DemoTreatment {
  name: string;
  description: string;
  /** [minutes, price in rupees, optional label] */
  pricing: Array<[number, number, string?]>;
  benefits: string[];
  tags: string[];
  /** As the admin's form sends it (a fixed deposit in rupees); left out: no deposit. */
  depositPolicy?: DepositPolicyInput;
}

export interface DemoCategory {
  name: string;
  description: string;
  assignedEmployeeRole: string;
  palette: Palette;
  motif: Motif;
  treatments: DemoTreatment[];
}

export const demoCategories: DemoCategory[] = [
  {
    name: 'Massage Therapies',
    description: 'Classic full-body massages that melt tension and restore ease of movement.',
    assignedEmployeeRole: 'servicestaff',
    palette: { from: '#1f4d45', to: '#3d7a6a', accent: '#d8b77a' },
    motif: 'stones',
    treatments: [
      {
        name: 'Swedish Massage',
        description:
          'Long, flowing strokes with warm almond oil ease muscle tension and calm the mind. Our most loved introduction to massage.',
        pricing: [
          [60, 2499],
          [90, 3499],
        ],
        benefits: [
          'Relieves everyday muscle tension',
          'Improves circulation',
          'Promotes deep relaxation',
          'Helps you sleep better',
        ],
        tags: ['relaxing', 'full body', 'classic'],
      },
      {
        name: 'Deep Tissue Massage',
        description:
          'Slow, firm pressure reaches the deeper layers of muscle to release chronic knots from desk work, sport and stress.',
        pricing: [
          [60, 2999],
          [90, 3999],
          [120, 4999, 'Extended'],
        ],
        benefits: [
          'Releases chronic knots',
          'Eases back and neck stiffness',
          'Speeds recovery after exercise',
          'Improves posture',
        ],
        tags: ['therapeutic', 'sports', 'firm pressure'],
      },
      {
        name: 'Hot Stone Massage',
        description:
          'Smooth basalt stones, warmed to body temperature, glide over the body and rest on key points to soften deep tension.',
        pricing: [
          [75, 3799],
          [90, 4299],
        ],
        benefits: ['Warmth relaxes muscles quickly', 'Soothes joint stiffness', 'Calms an anxious mind'],
        tags: ['warming', 'stones', 'deep relaxation'],
      },
    ],
  },
  {
    name: 'Ayurvedic Therapies',
    description: 'Time-honoured Kerala therapies with warm herbal oils, chosen for your dosha.',
    assignedEmployeeRole: 'servicestaff',
    palette: { from: '#7a4a1f', to: '#c08a3e', accent: '#f6e2b3' },
    motif: 'lotus',
    treatments: [
      {
        name: 'Abhyanga',
        description:
          'A synchronised full-body massage with warm medicated sesame oil that nourishes the skin and balances the doshas.',
        pricing: [
          [60, 2799],
          [90, 3799],
        ],
        benefits: ['Nourishes dry skin', 'Balances vata', 'Loosens stiff joints', 'Deeply grounding'],
        tags: ['ayurveda', 'herbal oil', 'balancing'],
      },
      {
        name: 'Shirodhara',
        description:
          'A steady stream of warm herbal oil flows across the forehead, quieting a busy mind and easing insomnia.',
        pricing: [
          [45, 3199],
          [60, 3899],
        ],
        benefits: ['Quietens mental chatter', 'Eases insomnia and headaches', 'Nourishes scalp and hair'],
        tags: ['ayurveda', 'stress relief', 'sleep'],
      },
      {
        name: 'Kizhi Herbal Potli Massage',
        description:
          'Linen pouches of warm herbs and rice are pressed rhythmically over the body to relieve aches and inflammation.',
        pricing: [
          [60, 3299],
          [90, 4299],
        ],
        benefits: ['Relieves joint and muscle pain', 'Reduces inflammation', 'Improves flexibility'],
        tags: ['ayurveda', 'herbal', 'pain relief'],
      },
    ],
  },
  {
    name: 'Facials & Skin Care',
    description: 'Results-driven facials with gentle, natural actives for every skin type.',
    assignedEmployeeRole: 'servicestaff',
    palette: { from: '#a45d5d', to: '#e3ab97', accent: '#fff1e6' },
    motif: 'leaf',
    treatments: [
      {
        name: 'Hydrating Glow Facial',
        description:
          'Cleansing, gentle exfoliation and a hyaluronic mask restore moisture and leave the skin plump and luminous.',
        pricing: [
          [45, 1999],
          [60, 2599],
        ],
        benefits: ['Deeply hydrates', 'Restores natural radiance', 'Suits sensitive skin'],
        tags: ['facial', 'hydration', 'glow'],
      },
      {
        name: 'Anti-Ageing Gold Facial',
        description:
          'A lifting facial massage with 24 carat gold-infused serum and a firming sheet mask to soften fine lines.',
        pricing: [
          [60, 3499],
          [90, 4499, 'With eye treatment'],
        ],
        benefits: ['Softens fine lines', 'Firms and lifts', 'Evens skin tone', 'Brightens tired eyes'],
        tags: ['facial', 'anti-ageing', 'gold'],
      },
      {
        name: 'Deep Cleansing Facial',
        description:
          'Steam, extractions and a clarifying clay mask clear congested pores without stripping the skin.',
        pricing: [
          [45, 1799],
          [60, 2299],
        ],
        benefits: ['Clears congested pores', 'Controls excess oil', 'Refines skin texture'],
        tags: ['facial', 'detox', 'oily skin'],
      },
    ],
  },
  {
    name: 'Body Scrubs & Wraps',
    description: 'Polishing scrubs and mineral-rich wraps for soft, renewed skin from head to toe.',
    assignedEmployeeRole: 'servicestaff',
    palette: { from: '#5b4636', to: '#a88462', accent: '#f3dfc1' },
    motif: 'jar',
    treatments: [
      {
        name: 'Coffee Body Polish',
        description:
          'Freshly ground Coorg coffee and coconut oil buff away dull skin and awaken circulation.',
        pricing: [
          [45, 1899],
          [60, 2399],
        ],
        benefits: ['Smooths rough skin', 'Stimulates circulation', 'Leaves skin soft and scented'],
        tags: ['scrub', 'coffee', 'energising'],
      },
      {
        name: 'Sea Salt Scrub',
        description:
          'Mineral sea salt with lemongrass and sweet almond oil renews the skin, followed by a rich body butter.',
        pricing: [
          [45, 1799],
          [60, 2299],
        ],
        benefits: ['Exfoliates and renews', 'Replenishes minerals', 'Deeply moisturises'],
        tags: ['scrub', 'sea salt', 'renewing'],
      },
      {
        name: 'Detox Seaweed Wrap',
        description:
          'A warm seaweed and clay wrap draws out impurities while you rest cocooned, finished with a light massage.',
        pricing: [
          [60, 2999],
          [90, 3899, 'With scalp massage'],
        ],
        benefits: ['Draws out impurities', 'Tones and firms the skin', 'Reduces puffiness'],
        tags: ['wrap', 'detox', 'seaweed'],
      },
    ],
  },
  {
    name: 'Aromatherapy',
    description: 'Massages and rituals built around pure essential oils chosen for how you feel today.',
    assignedEmployeeRole: 'servicestaff',
    palette: { from: '#4b3f72', to: '#9c8cc4', accent: '#f0d9a8' },
    motif: 'drop',
    treatments: [
      {
        name: 'Aromatherapy Massage',
        description:
          'A gentle, rhythmic massage with a personal blend of essential oils to lift the mood or calm the nerves.',
        pricing: [
          [60, 2699],
          [90, 3699],
        ],
        benefits: ['Lifts mood', 'Relieves stress', 'Eases tension headaches'],
        tags: ['aromatherapy', 'essential oils', 'relaxing'],
      },
      {
        name: 'Lavender Sleep Ritual',
        description:
          'A warm lavender foot soak, slow back massage and scalp treatment designed to prepare you for deep, restful sleep.',
        pricing: [
          [75, 3299],
          [90, 3799],
        ],
        benefits: ['Prepares the body for sleep', 'Calms an overactive mind', 'Releases shoulder tension'],
        tags: ['sleep', 'lavender', 'calming'],
      },
      {
        name: 'Eucalyptus Head & Shoulder Massage',
        description:
          'Focused work on the head, neck and shoulders with cooling eucalyptus and peppermint to clear the head.',
        pricing: [
          [30, 1199],
          [45, 1599],
        ],
        benefits: ['Relieves neck stiffness', 'Clears a heavy head', 'Perfect for a lunch break'],
        tags: ['express', 'eucalyptus', 'head massage'],
      },
    ],
  },
  {
    name: 'Reflexology & Thai',
    description: 'Pressure-point and stretch-based therapies from Asia’s healing traditions.',
    assignedEmployeeRole: 'servicestaff',
    palette: { from: '#2f5d62', to: '#74a6a0', accent: '#f2e6c9' },
    motif: 'waves',
    treatments: [
      {
        name: 'Foot Reflexology',
        description:
          'Precise pressure on reflex points of the feet supports the whole body, finished with a cooling mint balm.',
        pricing: [
          [30, 1099],
          [45, 1499],
          [60, 1899],
        ],
        benefits: ['Revives tired feet', 'Encourages whole-body balance', 'Improves circulation'],
        tags: ['reflexology', 'feet', 'express'],
      },
      {
        name: 'Traditional Thai Massage',
        description:
          'Performed fully clothed on a mat, combining acupressure with assisted yoga stretches to free the body.',
        pricing: [
          [60, 2599],
          [90, 3499],
          [120, 4399, 'Extended'],
        ],
        benefits: ['Increases flexibility', 'Releases tight hips and back', 'Energises body and mind'],
        tags: ['thai', 'stretching', 'energising'],
      },
      {
        name: 'Balinese Massage',
        description:
          'A blend of gentle stretches, acupressure and long strokes with frangipani oil, in the spirit of Bali.',
        pricing: [
          [60, 2799],
          [90, 3699],
        ],
        benefits: ['Eases muscle fatigue', 'Boosts energy', 'Calms the nervous system'],
        tags: ['balinese', 'acupressure', 'full body'],
      },
    ],
  },
  {
    name: 'Hand & Foot Care',
    description: 'Unhurried manicures, pedicures and treatments for well-cared-for hands and feet.',
    assignedEmployeeRole: 'servicestaff',
    palette: { from: '#8a5a6e', to: '#d4a5b5', accent: '#fff0f3' },
    motif: 'hands',
    treatments: [
      {
        name: 'Spa Manicure',
        description:
          'Nail shaping, cuticle care, an exfoliating scrub and a hand massage, finished with the polish of your choice.',
        pricing: [
          [45, 899],
          [60, 1199, 'With gel polish'],
        ],
        benefits: ['Neat, healthy nails', 'Softer hands', 'A relaxing hand massage'],
        tags: ['manicure', 'nails', 'hands'],
      },
      {
        name: 'Spa Pedicure',
        description:
          'A warm soak, callus care, a sugar scrub and a foot massage leave feet smooth and sandal-ready.',
        pricing: [
          [45, 1099],
          [60, 1399, 'With gel polish'],
        ],
        benefits: ['Smooths rough heels', 'Refreshes tired feet', 'Neat, healthy toenails'],
        tags: ['pedicure', 'feet', 'nails'],
      },
      {
        name: 'Paraffin Hand Treatment',
        description:
          'Warm paraffin wax seals in a rich moisturiser to soften very dry hands and soothe stiff joints.',
        pricing: [
          [30, 699],
          [45, 999],
        ],
        benefits: ['Intensely moisturises', 'Soothes stiff fingers', 'Visibly softer skin'],
        tags: ['paraffin', 'hands', 'moisturising'],
      },
    ],
  },
  {
    name: 'Couples & Signature Rituals',
    description: 'Longer journeys combining our best therapies, for a special day or a shared escape.',
    assignedEmployeeRole: 'servicestaff',
    palette: { from: '#153832', to: '#b08d57', accent: '#fbe8c0' },
    motif: 'candle',
    treatments: [
      {
        name: 'Couples Harmony Massage',
        description:
          'Side by side in our double suite, two therapists perform synchronised aromatherapy massages for you and your partner.',
        pricing: [
          [60, 5499],
          [90, 7499],
        ],
        benefits: ['A shared, unhurried experience', 'Deep relaxation for two', 'Perfect for anniversaries'],
        tags: ['couples', 'aromatherapy', 'celebration'],
      },
      {
        name: 'Royal Kerala Ritual',
        description:
          'Abhyanga, a herbal steam and Shirodhara in one journey, closed with a cup of warm herbal tea.',
        pricing: [
          [120, 6999],
          [150, 8499],
          [180, 9999, 'Complete journey'],
        ],
        benefits: [
          'Total mind and body reset',
          'Deeply nourishes the skin',
          'Restores restful sleep',
          'Balances all three doshas',
        ],
        tags: ['signature', 'ayurveda', 'journey'],
        // The long journeys hold a therapist and a room for hours: half is paid when booking, and a
        // cancellation within a day keeps it.
        depositPolicy: {
          kind: 'percent',
          value: 50,
          lateCancellationHours: 24,
          lateCancellationFeePercent: 100,
        },
      },
      {
        name: 'Bridal Glow Package',
        description:
          'A body polish, a radiance facial, a manicure and pedicure: everything for glowing skin before the big day.',
        pricing: [
          [120, 6499],
          [180, 8999, 'With hair spa'],
        ],
        benefits: ['Radiant, even-toned skin', 'Polished hands and feet', 'Calm before the celebrations'],
        tags: ['bridal', 'glow', 'package'],
        depositPolicy: {
          kind: 'fixed',
          value: 2000,
          lateCancellationHours: 48,
          lateCancellationFeePercent: 50,
        },
      },
    ],
  },
];

export const demoRooms = [
  {
    roomNumber: '101',
    capacity: 'Single Bed',
    type: 'Silver',
    status: 'Available',
    location: 'Ground Floor, Garden Wing',
  },
  {
    roomNumber: '102',
    capacity: 'Single Bed',
    type: 'Silver',
    status: 'Available',
    location: 'Ground Floor, Garden Wing',
  },
  {
    roomNumber: '103',
    capacity: 'Double Bed',
    type: 'Silver',
    status: 'Maintenance',
    location: 'Ground Floor, Garden Wing',
  },
  {
    roomNumber: '201',
    capacity: 'Single Bed',
    type: 'Gold',
    status: 'Available',
    location: 'First Floor, Lotus Wing',
  },
  {
    roomNumber: '202',
    capacity: 'Double Bed',
    type: 'Gold',
    status: 'Available',
    location: 'First Floor, Lotus Wing',
  },
  {
    roomNumber: '203',
    capacity: 'Single Bed',
    type: 'Gold',
    status: 'Occupied',
    location: 'First Floor, Lotus Wing',
  },
  {
    roomNumber: '301',
    capacity: 'Single Bed',
    type: 'Diamond',
    status: 'Available',
    location: 'Second Floor, Sky Suites',
  },
  {
    roomNumber: '302',
    capacity: 'Double Bed',
    type: 'Diamond',
    status: 'Available',
    location: 'Second Floor, Sky Suites',
  },
  {
    roomNumber: '303',
    capacity: 'Double Bed',
    type: 'Diamond',
    status: 'Available',
    location: 'Second Floor, Sky Suites',
  },
] as const;
