/**
 * What the product knows about kinds of improvement projects, to adapt published figures to one home and
 * explain them. Figures never come from here: only from the cost-versus-value document.
 */
export interface ProjectProfile {
  /** Alternatives of one job (vinyl or fiber-cement siding): a home gets one of them. */
  family: string;
  category: string;
  /** Plain statement of the work. */
  summary: string;
  /** The job grows with the home's size (siding, roofing, windows, flooring); else a fixed-size job. */
  scalesWithArea: boolean;
  /** Outside work a condo association usually handles: not recommended for condos. */
  exterior: boolean;
  /** A fact the home must have for the project to make sense. */
  requires?: 'garage' | 'hardwood';
  /** From this age (years) homes commonly need the work. */
  typicalNeedAfterYears?: number;
  /** What buyers notice, for the "why" sentence. */
  buyerAppeal: string;
  /** How owners name the part of the home this work is on (to tell when they say it was already done). */
  subject?: RegExp;
}

interface Rule {
  test: RegExp;
  profile: ProjectProfile;
}

const rules: Rule[] = [
  {
    test: /garage door/i,
    profile: {
      family: 'garage-door',
      subject: /garage door/,
      category: 'Curb Appeal',
      summary: 'Replace the garage door with a new insulated door.',
      scalesWithArea: false,
      exterior: true,
      requires: 'garage',
      buyerAppeal: 'a fresh garage door changes the whole front of the house in listing photos',
    },
  },
  {
    test: /entry door/i,
    profile: {
      family: 'entry-door',
      subject: /(front|entry) door/,
      category: 'Curb Appeal',
      summary: 'Replace the front entry door with a new steel door.',
      scalesWithArea: false,
      exterior: false,
      buyerAppeal: 'the front door is the first thing buyers touch at a showing',
    },
  },
  {
    test: /stone veneer/i,
    profile: {
      family: 'stone-veneer',
      category: 'Curb Appeal',
      summary: 'Add manufactured stone veneer to part of the front of the house.',
      scalesWithArea: false,
      exterior: true,
      buyerAppeal: 'stone accents read as quality from the street',
    },
  },
  {
    test: /siding/i,
    profile: {
      family: 'siding',
      subject: /siding/,
      category: 'Exterior',
      summary: 'Replace the exterior siding.',
      scalesWithArea: true,
      exterior: true,
      typicalNeedAfterYears: 25,
      buyerAppeal: 'worn siding makes buyers budget for repairs',
    },
  },
  {
    test: /minor kitchen/i,
    profile: {
      family: 'kitchen',
      subject: /kitchen/,
      category: 'Kitchen',
      summary: 'Refresh the kitchen: new cabinet fronts, counters, sink, fixtures and appliances in the same layout.',
      scalesWithArea: false,
      exterior: false,
      typicalNeedAfterYears: 20,
      buyerAppeal: 'buyers look hardest at the kitchen',
    },
  },
  {
    test: /major kitchen/i,
    profile: {
      family: 'kitchen',
      subject: /kitchen/,
      category: 'Kitchen',
      summary: 'Remodel the kitchen fully: new cabinets, counters, appliances, flooring and lighting.',
      scalesWithArea: false,
      exterior: false,
      typicalNeedAfterYears: 25,
      buyerAppeal: 'buyers look hardest at the kitchen',
    },
  },
  {
    test: /deck/i,
    profile: {
      family: 'deck',
      subject: /deck/,
      category: 'Outdoor Living',
      summary: 'Add a deck off the back of the house.',
      scalesWithArea: false,
      exterior: true,
      buyerAppeal: 'outdoor living space photographs well and extends the usable space',
    },
  },
  {
    test: /bath/i,
    profile: {
      family: 'bath',
      subject: /bath(room)?s?/,
      category: 'Bathroom',
      summary: 'Remodel a bathroom: new fixtures, tile, vanity and lighting.',
      scalesWithArea: false,
      exterior: false,
      typicalNeedAfterYears: 20,
      buyerAppeal: 'dated bathrooms are a common reason for lower offers',
    },
  },
  {
    test: /window/i,
    profile: {
      family: 'windows',
      subject: /windows?/,
      category: 'Windows & Doors',
      summary: 'Replace the windows with new energy-efficient units.',
      scalesWithArea: true,
      exterior: true,
      typicalNeedAfterYears: 25,
      buyerAppeal: 'buyers ask about window age and energy bills',
    },
  },
  {
    test: /roof/i,
    profile: {
      family: 'roof',
      subject: /roof(ing)?/,
      category: 'Roofing',
      summary: 'Replace the roof with new asphalt shingles.',
      scalesWithArea: true,
      exterior: true,
      typicalNeedAfterYears: 20,
      buyerAppeal: 'roof age comes up in every inspection',
    },
  },
  {
    test: /refinish.*(hardwood|wood floor)/i,
    profile: {
      family: 'flooring',
      subject: /floor(s|ing)?/,
      category: 'Flooring',
      summary: 'Refinish the existing hardwood floors.',
      scalesWithArea: true,
      exterior: false,
      requires: 'hardwood',
      buyerAppeal: 'refinished floors make rooms look new in photos',
    },
  },
  {
    test: /wood floor/i,
    profile: {
      family: 'flooring',
      subject: /floor(s|ing)?/,
      category: 'Flooring',
      summary: 'Install new wood flooring in the main living areas.',
      scalesWithArea: true,
      exterior: false,
      buyerAppeal: 'wood floors are one of the features buyers search for most',
    },
  },
];

export function profileFor(projectName: string): ProjectProfile {
  const rule = rules.find((r) => r.test.test(projectName));
  return (
    rule?.profile ?? {
      family: projectName.toLowerCase(),
      category: 'Improvement',
      summary: `${projectName}.`,
      scalesWithArea: false,
      exterior: false,
      buyerAppeal: 'buyers notice well-kept homes',
    }
  );
}

/** "Garage door replacement" -> "garage-door-replacement". */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const doneWords = '(new|newer|replaced|updated|renovated|remodell?ed|redone|refinished|installed|upgraded)';

/** The owner says this work was already done (e.g. "New roof in 2021", "kitchen remodeled 2019"). */
export function alreadyDone(profile: ProjectProfile, ownerNotes: string | null): boolean {
  if (!profile.subject || !ownerNotes) return false;
  const subject = profile.subject.source;
  const before = new RegExp(`\\b${doneWords}\\b[^.;\\n]{0,40}\\b${subject}`, 'i');
  const after = new RegExp(`\\b${subject}\\b[^.;\\n]{0,40}\\b${doneWords}\\b`, 'i');
  return before.test(ownerNotes) || after.test(ownerNotes);
}
