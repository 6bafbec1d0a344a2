// d12 Ranks sheet (FORMAT.md "Sheets", RULES.md section 5): abilities with ranks, the four
// defense roles each at most once, health, effects, conditions, equipment. The numbers' limits
// are served by Rust (limits.js).

import { rangeText } from '../model.js';

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
        help: (limit) => `${rangeText(limit('abilities[].ranks'))} ranks each, ${limit('abilities[].ranks', 'total').max} in total. Dodge, Mind, Toughness and Will Power defend.`,
        newItem: () => ({ name: '', ranks: 0 }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Name', wide: true },
            { type: 'int', key: 'ranks', label: 'Ranks' },
            { type: 'choice', key: 'defense', label: 'Defends as', choices: DEFENSES.map(([v]) => v), names: Object.fromEntries(DEFENSES), optional: 'No role' },
          ],
        },
      },
      {
        type: 'object',
        key: 'health',
        label: 'Health',
        children: [
          { type: 'int', key: 'current', label: 'Current' },
          { type: 'int', key: 'max', label: 'Max' },
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
