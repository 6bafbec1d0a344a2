// 64 Bit Heroes Marks sheet (FORMAT.md "Sheets", RULES.md section 4): human attributes, super
// attributes, skills (human or super), combat styles and superpowers with ranks. The numbers'
// limits are served by Rust (limits.js).

import { rangeText } from '../model.js';

const HUMAN = ['Agility', 'Cunning', 'Intelligence', 'Fortitude', 'Domination'];

const ranked = (key, label, itemLabel) => ({
  type: 'list',
  key,
  label,
  itemLabel,
  newItem: () => ({ name: '', rank: 1 }),
  item: {
    type: 'object',
    children: [
      { type: 'text', key: 'name', label: 'Name', wide: true },
      { type: 'int', key: 'rank', label: 'Rank' },
    ],
  },
});

export default {
  system: 'marks',
  root: {
    type: 'object',
    children: [
      {
        type: 'map',
        key: 'attributes',
        label: 'Attributes',
        itemLabel: 'Attribute',
        keyLabel: 'Attribute',
        help: (limit) => `Human attributes, ${rangeText(limit('attributes.*'))} each.`,
        required: HUMAN,
        newValue: () => 2,
        value: { type: 'int', label: 'Rating' },
      },
      {
        type: 'map',
        key: 'super_attributes',
        label: 'Super attributes',
        itemLabel: 'Super attribute',
        keyLabel: 'Attribute',
        help: 'A super rating on one of the attributes above (d10s, each kept).',
        // A super attribute raises one of this sheet's own attributes.
        keyChoices: (_env, sheet) => (sheet?.attributes ?? []).map((entry) => entry.key),
        newValue: () => 1,
        value: { type: 'int', label: 'Rating' },
      },
      {
        type: 'list',
        key: 'skills',
        label: 'Skills',
        itemLabel: 'Skill',
        newItem: () => ({ name: '', rank: 1, super: false }),
        item: {
          type: 'object',
          children: [
            { type: 'text', key: 'name', label: 'Name', wide: true },
            { type: 'int', key: 'rank', label: 'Rank' },
            { type: 'bool', key: 'super', label: 'Super' },
          ],
        },
      },
      ranked('styles', 'Combat styles', 'Style'),
      ranked('superpowers', 'Superpowers', 'Superpower'),
    ],
  },
};
