/** The kinds of product of the demo catalogue (catalogue.ts): each kind's NCM and CEST. */

export type Category =
  | 'phone'
  | 'case'
  | 'film'
  | 'charger'
  | 'cable'
  | 'power'
  | 'audio'
  | 'speaker'
  | 'memory'
  | 'holder';

/** The NCM of each kind of product (TIPI): the demo products' and what the suppliers' notes say. */
export const NCM: Record<Category, string> = {
  phone: '85171300',
  case: '39269090',
  film: '39199090',
  charger: '85044010',
  cable: '85444200',
  power: '85076000',
  audio: '85183000',
  speaker: '85182200',
  memory: '85235110',
  holder: '39269090',
};

/**
 * The CEST of each kind (issue 55 §2): its NCM's row in the Convênio ICMS 142/2018's annex (the contract's
 * CEST_ANNEX: 21.053.00 cell phones, 21.037.00 chargers, 12.007.00 cables, 21.057.00 headphones and speakers,
 * 21.062.00 memory cards); null where the annex has no row for the NCM (cases, films, holders, lithium power banks).
 * The phones are sold under ICMS-ST (CSOSN 500, demo/fiscal.ts): their notes need it (806).
 */
export const CEST: Record<Category, string | null> = {
  phone: '2105300',
  case: null,
  film: null,
  charger: '2103700',
  cable: '1200700',
  power: null,
  audio: '2105700',
  speaker: '2105700',
  memory: '2106200',
  holder: null,
};
