/**
 * The discussion categories: the 17 UN Sustainable Development Goals (keys sdg_1 … sdg_17), each with subcategories
 * chosen for people who design, build and run the built environment.
 */
import type { SdgConstants } from './discussion';

interface Goal {
  value: string;
  label: string;
  subcategories: [value: string, label: string][];
}

// Stryker disable all: the goals' names are words shown to people, not rules; no test should assert them (ADR 091).
const GOALS: Goal[] = [
  {
    value: 'no-poverty', label: 'SDG 1: No Poverty', subcategories: [
      ['affordable-housing', 'Affordable Housing'],
      ['informal-settlement-upgrading', 'Informal Settlement Upgrading'],
      ['disaster-resilient-shelter', 'Disaster-Resilient Shelter'],
      ['low-cost-construction', 'Low-Cost Construction Methods'],
    ],
  },
  {
    value: 'zero-hunger', label: 'SDG 2: Zero Hunger', subcategories: [
      ['urban-agriculture', 'Urban Agriculture'],
      ['rooftop-farming', 'Rooftop and Vertical Farming'],
      ['food-storage-buildings', 'Food Storage and Market Buildings'],
      ['productive-landscapes', 'Productive Landscapes'],
    ],
  },
  {
    value: 'good-health-and-well-being', label: 'SDG 3: Good Health and Well-being', subcategories: [
      ['indoor-air-quality', 'Indoor Air Quality'],
      ['daylighting-and-views', 'Daylighting and Views'],
      ['healthy-materials', 'Healthy Materials'],
      ['active-design', 'Active Design'],
      ['healthcare-facilities', 'Healthcare Facilities'],
    ],
  },
  {
    value: 'quality-education', label: 'SDG 4: Quality Education', subcategories: [
      ['school-design', 'School and Campus Design'],
      ['green-building-education', 'Green Building Education'],
      ['professional-upskilling', 'Professional Upskilling'],
      ['learning-environments', 'Learning Environments'],
    ],
  },
  {
    value: 'gender-equality', label: 'SDG 5: Gender Equality', subcategories: [
      ['women-in-construction', 'Women in Architecture and Construction'],
      ['safe-public-spaces', 'Safe Public Spaces'],
      ['inclusive-design', 'Gender-Inclusive Design'],
    ],
  },
  {
    value: 'clean-water-and-sanitation', label: 'SDG 6: Clean Water and Sanitation', subcategories: [
      ['rainwater-harvesting', 'Rainwater Harvesting'],
      ['greywater-reuse', 'Greywater Reuse'],
      ['water-efficient-fixtures', 'Water-Efficient Fixtures'],
      ['sustainable-drainage', 'Sustainable Drainage (SuDS)'],
      ['sanitation-infrastructure', 'Sanitation Infrastructure'],
    ],
  },
  {
    value: 'affordable-and-clean-energy', label: 'SDG 7: Affordable and Clean Energy', subcategories: [
      ['building-energy-efficiency', 'Building Energy Efficiency'],
      ['solar-pv-and-thermal', 'Solar PV and Solar Thermal'],
      ['heat-pumps', 'Heat Pumps and Electrification'],
      ['net-zero-energy-buildings', 'Net Zero Energy Buildings'],
      ['passive-design', 'Passive Design'],
    ],
  },
  {
    value: 'decent-work-and-economic-growth', label: 'SDG 8: Decent Work and Economic Growth', subcategories: [
      ['construction-worker-safety', 'Construction Worker Safety'],
      ['green-jobs', 'Green Jobs and Skills'],
      ['fair-supply-chains', 'Fair Supply Chains'],
    ],
  },
  {
    value: 'industry-innovation-and-infrastructure', label: 'SDG 9: Industry, Innovation and Infrastructure', subcategories: [
      ['low-carbon-materials', 'Low-Carbon Materials'],
      ['modular-and-prefab', 'Modular and Prefabricated Construction'],
      ['digital-twins-and-bim', 'Digital Twins and BIM'],
      ['resilient-infrastructure', 'Resilient Infrastructure'],
    ],
  },
  {
    value: 'reduced-inequalities', label: 'SDG 10: Reduced Inequalities', subcategories: [
      ['universal-design', 'Universal Design and Accessibility'],
      ['equitable-neighbourhoods', 'Equitable Neighbourhoods'],
      ['community-participation', 'Community Participation in Design'],
    ],
  },
  {
    value: 'sustainable-cities-and-communities', label: 'SDG 11: Sustainable Cities and Communities', subcategories: [
      ['urban-planning', 'Urban Planning'],
      ['transit-oriented-development', 'Transit-Oriented Development'],
      ['green-infrastructure', 'Green and Blue Infrastructure'],
      ['heritage-and-adaptive-reuse', 'Heritage and Adaptive Reuse'],
      ['walkable-streets', 'Walkable Streets'],
    ],
  },
  {
    value: 'responsible-consumption-and-production', label: 'SDG 12: Responsible Consumption and Production', subcategories: [
      ['circular-construction', 'Circular Construction'],
      ['construction-waste', 'Construction and Demolition Waste'],
      ['material-passports', 'Material Passports'],
      ['design-for-disassembly', 'Design for Disassembly'],
    ],
  },
  {
    value: 'climate-action', label: 'SDG 13: Climate Action', subcategories: [
      ['embodied-carbon', 'Embodied Carbon'],
      ['operational-carbon', 'Operational Carbon'],
      ['climate-adaptation', 'Climate Adaptation'],
      ['urban-heat-island', 'Urban Heat Island'],
      ['life-cycle-assessment', 'Life Cycle Assessment'],
    ],
  },
  {
    value: 'life-below-water', label: 'SDG 14: Life Below Water', subcategories: [
      ['coastal-development', 'Coastal Development'],
      ['stormwater-pollution', 'Stormwater Pollution Control'],
      ['marine-friendly-materials', 'Marine-Friendly Materials'],
    ],
  },
  {
    value: 'life-on-land', label: 'SDG 15: Life on Land', subcategories: [
      ['biodiversity-net-gain', 'Biodiversity Net Gain'],
      ['green-roofs-and-walls', 'Green Roofs and Walls'],
      ['responsible-timber', 'Responsible Timber Sourcing'],
      ['brownfield-regeneration', 'Brownfield Regeneration'],
    ],
  },
  {
    value: 'peace-justice-and-strong-institutions', label: 'SDG 16: Peace, Justice and Strong Institutions', subcategories: [
      ['building-codes', 'Building Codes and Regulation'],
      ['transparent-procurement', 'Transparent Procurement'],
      ['post-conflict-reconstruction', 'Post-Conflict Reconstruction'],
    ],
  },
  {
    value: 'partnerships-for-the-goals', label: 'SDG 17: Partnerships for the Goals', subcategories: [
      ['green-building-certification', 'Green Building Certification'],
      ['public-private-partnerships', 'Public-Private Partnerships'],
      ['knowledge-sharing', 'Knowledge Sharing and Open Data'],
      ['green-finance', 'Green Finance'],
    ],
  },
];
// Stryker restore all

function build(): SdgConstants {
  const constants: SdgConstants = { categories: {}, categoryLabels: {}, subcategories: {} };
  GOALS.forEach((goal, index) => {
    constants.categories[`sdg_${index + 1}`] = goal.value;
    constants.categoryLabels[goal.value] = goal.label;
    constants.subcategories[goal.value] = goal.subcategories.map(([value, label]) => ({ value, label }));
  });
  return constants;
}

export const SDG_CONSTANTS: SdgConstants = build();

/** A post must name a goal and one of that goal's subcategories. */
export function isKnownTopic(category: string, subcategory: string): boolean {
  // Own keys only: 'constructor' or 'toString' name no goal.
  return Object.hasOwn(SDG_CONSTANTS.subcategories, category) && SDG_CONSTANTS.subcategories[category]!.some((s) => s.value === subcategory);
}
