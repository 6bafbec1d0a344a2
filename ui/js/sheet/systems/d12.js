// d12 Ranks sheet (FORMAT.md "Sheets", RULES.md section 5): abilities of 0–4 ranks and 10 in
// total, the four defense roles each at most once, health, effects, conditions, equipment.

const DEFENSES = [
  ['dodge', 'Dodge'],
  ['mind', 'Mind'],
  ['toughness', 'Toughness'],
  ['will_power', 'Will Power'],
];

const CONDITIONS = [
  ['memory', 'Memory'],
  ['memory_alteration', 'Memory Alteration'],
  ['command', 'Command'],
  ['dominate', 'Dominate'],
  ['limb', 'Limb'],
];

export default {
  system: 'd12',
  root: {
    type: 'object',
    children: [
      {
        type: 'list',
        key: 'abilities',
        label: 'Abilities',
        itemLabel: 'Ability',
        help: '0–4 ranks each, 10 in total. Dodge, Mind, Toughness and Will Power defend.',
        newItem: () => ({ name: '', ranks: 0 }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Name', wide: true },
            { type: 'int', key: 'ranks', label: 'Ranks', min: 0, max: 4 },
            { type: 'choice', key: 'defense', label: 'Defends as', choices: DEFENSES.map(([v]) => v), names: Object.fromEntries(DEFENSES), optional: 'No role' },
          ],
        },
      },
      {
        type: 'object',
        key: 'health',
        label: 'Health',
        children: [
          { type: 'int', key: 'current', label: 'Current', min: 0 },
          { type: 'int', key: 'max', label: 'Max', min: 1, max: 99 },
        ],
      },
      {
        type: 'list',
        key: 'effects',
        label: 'Effects',
        itemLabel: 'Effect',
        newItem: () => ({ name: '', remaining: '' }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Effect', wide: true, placeholder: 'Dazed' },
            { type: 'text', key: 'remaining', label: 'Remaining', placeholder: '1 turn' },
          ],
        },
      },
      {
        type: 'list',
        key: 'conditions',
        label: 'Conditions',
        itemLabel: 'Condition',
        newItem: () => ({ kind: 'limb', detail: '', remaining: '' }),
        item: {
          type: 'object',
          children: [
            { type: 'choice', key: 'kind', label: 'Kind', choices: CONDITIONS.map(([v]) => v), names: Object.fromEntries(CONDITIONS) },
            { type: 'text', key: 'detail', label: 'Detail', placeholder: 'Left Arm' },
            { type: 'text', key: 'remaining', label: 'Remaining', placeholder: '1 day' },
          ],
        },
      },
      {
        type: 'list',
        key: 'equipment',
        label: 'Equipment',
        itemLabel: 'Item',
        newItem: () => '',
        item: { type: 'text', label: 'Item', placeholder: 'Body Armor' },
      },
    ],
  },
};
