// Every icon the derived presentation picks is in the component icon table (so none falls back to the wrench).

import { knownTools, presentStep } from 'tool-steps/presentation';
import { describe, expect, it } from 'vitest';
import { toolIcons } from '../../src/components/icons';
import { DERIVED_ICONS } from '../../src/presentation/derived/icon';

describe('derived icons', () => {
  it('every icon a rule can pick, and every built-in tool icon, is in the curated Lucide table', () => {
    const missing = [...DERIVED_ICONS, ...Object.values(knownTools).map((tool) => tool.icon)].filter(
      (name) => !Object.hasOwn(toolIcons, name),
    );
    expect(missing).toEqual([]);
  });

  it('the table stays curated (every icon costs bundle bytes)', () => {
    expect(Object.keys(toolIcons).length).toBeLessThanOrEqual(70);
  });

  const table: Array<[name: string, icon: string | undefined, input?: unknown]> = [
    ['remove_user', 'trash-2'],
    ['drop_table', 'trash-2'],
    ['ripgrep', 'text-search'],
    ['query_db', 'database'],
    ['find_products', 'search'],
    ['http_request', 'globe'],
    ['scrape_page', 'globe'],
    ['download_report', 'download'],
    ['upload_image', 'upload'],
    ['read_inbox', 'mail'],
    ['send_sms', 'message-square'],
    ['send_money', 'send'],
    ['merge_pull_request', 'git-pull-request'],
    ['git_status', 'git-branch'],
    ['get_forecast', 'cloud'],
    ['list_events', 'calendar'],
    ['take_photo', 'image'],
    ['eval_js', 'code'],
    ['run_script', 'terminal'],
    ['compute_sum', 'calculator'],
    ['save_memory', 'brain'],
    ['make_plan', 'sparkles'],
    ['spawn_agent', 'bot'],
    ['get_secret', 'key'],
    ['encrypt_data', 'lock'],
    ['update_settings', 'settings'],
    ['get_contacts', 'user'],
    ['geocode_address', 'map-pin'],
    ['get_timezone', 'clock'],
    ['create_invoice', 'credit-card'],
    ['add_to_cart', 'shopping-cart'],
    ['click_button', 'monitor'],
    ['translate', 'languages'],
    ['duplicate_row', 'copy'],
    ['deploy_app', 'server'],
    ['rename_file', 'file-pen'],
    ['patch_record', 'pencil'],
    ['create_file', 'file-plus'],
    ['insert_row', 'plus'],
    ['open_document', 'file-text'],
    ['view_status', 'eye'],
    ['list_folders', 'folder'],
    ['list_projects', 'list'],
    ['directory_tree', 'folder'],
    ['plot_chart', 'chart-column'],
    ['install_package', 'package'],
    ['shorten_link', 'link'],
    ['Write', 'file-plus', { file_path: 'a.ts', content: 'x' }],
    ['Write', 'plus', { content: 'x' }],
    ['frobnicate', undefined],
    ['mcp__github__get_me', 'eye'],
    ['mcp__github__whoami', 'git-branch'],
  ];
  for (const [name, icon, input] of table) {
    it(`${name} → ${icon ?? 'no icon (the component draws the wrench)'}`, () => {
      expect(presentStep({ toolName: name, input }).icon).toBe(icon);
    });
  }
});
