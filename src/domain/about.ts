/**
 * The about area's words: mission, vision, values, the SDG strategy groups and the team. The about page shows them and
 * the search index holds them, so both say the same.
 */
export const MISSION = {
  title: 'Make sustainable design everyday practice',
  text: 'Buildings and construction account for over a third of global energy-related emissions. Our mission is to give every professional and student in the built environment the knowledge, confidence and peer support to cut that footprint on their very next project, through practical courses, clear articles and an active community.',
} as const;

export const VISION = {
  title: 'Cities that give back more than they take',
  text: 'We picture towns and cities that are net zero in carbon, healthy to live in, rich in nature and built from materials that are used again and again, designed by people who learned how from each other.',
} as const;

/**
 * The spec's team section holds one founder. SustainLearn names no person it cannot stand behind (ADR 160): until a
 * real founder's name and words are given, the card is the editorial team's, saying only what the team does.
 */
export const FOUNDER = {
  name: 'SustainLearn editorial team',
  role: 'Writes, reviews and publishes what you learn here',
  paragraphs: [
    'The editorial team writes and signs the courses, articles, lessons and workshops on SustainLearn, and names the standards, guidance and research each one draws on, so you can check them.',
    'When a member writes for SustainLearn, the piece carries their own name. Tell the team through the contact page what you would like to learn next, or what a page got wrong.',
  ],
} as const;
export const VALUES = [
  {
    title: 'Sustainability',
    text: 'We practise what we teach: lightweight pages that download little, illustrations instead of heavy photography, and content that helps people cut the carbon, water and waste of the projects they work on.',
  },
  {
    title: 'High-Quality Content',
    text: 'Every course and article names the standards, guidance and research it draws on, so what you learn can be checked and holds up in a design review or a planning meeting.',
  },
  {
    title: 'Innovation',
    text: 'We follow what is new in materials, energy systems, digital tools and policy, and turn it into practical guidance early, while it can still change how projects are designed.',
  },
  {
    title: 'Community Engagement',
    text: 'Learning sticks when it is shared. Our community connects students, researchers and professionals around the Sustainable Development Goals to swap experience, questions and evidence.',
  },
  {
    title: 'Accessibility and Affordability',
    text: 'Knowledge about sustainable design should not depend on budget or location. While SustainLearn is in beta every course is free to members, and the site works on any device and with assistive technology.',
  },
] as const;

export const SDG_NAMES: Record<number, string> = {
  1: 'No Poverty',
  2: 'Zero Hunger',
  3: 'Good Health and Well-being',
  4: 'Quality Education',
  5: 'Gender Equality',
  6: 'Clean Water and Sanitation',
  7: 'Affordable and Clean Energy',
  8: 'Decent Work and Economic Growth',
  9: 'Industry, Innovation and Infrastructure',
  10: 'Reduced Inequalities',
  11: 'Sustainable Cities and Communities',
  12: 'Responsible Consumption and Production',
  13: 'Climate Action',
  15: 'Life on Land',
  17: 'Partnerships for the Goals',
};

/** The official colour of each goal, used only as a decorative marker beside its name. */
export const SDG_COLOURS: Record<number, string> = {
  1: '#e5243b', 2: '#dda63a', 3: '#4c9f38', 4: '#c5192d', 5: '#ff3a21', 6: '#26bde2', 7: '#fcc30b', 8: '#a21942',
  9: '#fd6925', 10: '#dd1367', 11: '#fd9d24', 12: '#bf8b2e', 13: '#3f7e44', 15: '#56c02b', 17: '#19486a',
};

export const STRATEGY_GROUPS = [
  {
    title: 'Climate Change',
    goals: [6, 7, 12, 13, 15, 17],
    text: 'Courses and articles on whole-life carbon, energy-efficient and electrified buildings, water and land, so that every project moves towards net zero and adapts to a changing climate.',
  },
  {
    title: 'Quality of Life',
    goals: [1, 2, 3, 4, 5, 6, 10, 11, 12, 17],
    text: 'Healthy materials and indoor environments, inclusive and walkable neighbourhoods, and education that is open to everyone, because sustainable places are places where people thrive.',
  },
  {
    title: 'Circular Economy',
    goals: [8, 9, 12, 17],
    text: 'Design for disassembly, reuse and material passports, and the business models behind them, so that buildings become banks of materials rather than future waste.',
  },
] as const;
