// Arabic words for the right-to-left story (Intl.PluralRules 'ar' has six forms: zero, one, two, few,
// many, other). A sample for layout, to be reviewed by a native speaker before shipping.
import { formatDurationIn, plural, type ToolLabelInfo, type ToolStepsLabels, tenseOf } from 'tool-steps';

const tools: Record<string, [base: string, present: string, past: string]> = {
  read_file: ['قراءة ملف', 'يقرأ ملفًا', 'تمت قراءة ملف'],
  write_file: ['كتابة ملف', 'يكتب ملفًا', 'تمت كتابة ملف'],
  edit_file: ['تعديل ملف', 'يعدّل ملفًا', 'تم تعديل ملف'],
  run_command: ['تشغيل أمر', 'يشغّل أمرًا', 'تم تشغيل أمر'],
  delete_records: ['حذف سجلات', 'يحذف سجلات', 'تم حذف سجلات'],
};
const TENSE = { base: 0, present: 1, past: 2 } as const;
const named = (step: { label: string; detail?: string }) => (step.detail ? `${step.label} ${step.detail}` : step.label);

export const arabicLabels: ToolStepsLabels = {
  locale: 'ar',
  list: 'استدعاءات الأدوات',
  skipped: (count) =>
    plural('ar', count, { one: 'تم تخطي حدث واحد تالف أو متأخر', other: 'تم تخطي # من الأحداث التالفة أو المتأخرة' }),
  status: {
    'input-streaming': 'قيد التحضير',
    running: 'قيد التشغيل',
    'awaiting-approval': 'بانتظار الموافقة',
    succeeded: 'تم',
    failed: 'فشل',
    denied: 'مرفوض',
    cancelled: 'أُلغي',
    interrupted: 'انقطع',
  },
  approvedRunning: 'تمت الموافقة، قيد التشغيل…',
  actions: { cancel: 'إلغاء', retry: 'إعادة المحاولة' },
  approval: {
    approve: 'موافقة',
    deny: 'رفض',
    approveAll: (count) => plural('ar', count, { two: 'الموافقة على الاثنين', other: 'الموافقة على الكل (#)' }),
    denyAll: (count) => plural('ar', count, { two: 'رفض الاثنين', other: 'رفض الكل (#)' }),
    waiting: (count) =>
      plural('ar', count, {
        one: 'استدعاء واحد ينتظر موافقتك',
        two: 'استدعاءان ينتظران موافقتك',
        few: '# استدعاءات تنتظر موافقتك',
        other: '# استدعاء ينتظر موافقتك',
      }),
    waitsForYou: 'هذا الاستدعاء ينتظر موافقتك.',
    waitsElsewhere: 'هذا الاستدعاء ينتظر الموافقة في مكان آخر.',
    willRun: 'سيتم تشغيل',
    sideEffects: 'الآثار الجانبية',
    consequences: 'ما الذي سيحدث',
    reason: 'السبب (اختياري)',
    approved: 'تمت الموافقة',
    denied: 'مرفوض',
    withReason: (decision, reason) => `${decision}: ${reason}`,
    because: (reason) => `السبب: ${reason}`,
  },
  announce: {
    succeeded: (step) => `اكتمل ${named(step)}`,
    failed: (step) => `فشل ${named(step)}${step.code ? `: ${step.code}` : ''}`,
    awaitingApproval: (step) => `${named(step)} ينتظر موافقتك`,
    denied: (step) => `رُفض ${named(step)}`,
    cancelled: (step) => `أُلغي ${named(step)}`,
    interrupted: (step) => `انقطع ${named(step)}`,
  },
  details: {
    trigger: 'التفاصيل',
    details: 'التفاصيل',
    modelRead: 'ما قرأه النموذج',
    lastUpdate: 'آخر تحديث',
    arguments: 'المعاملات',
  },
  duration: (ms) => formatDurationIn('ar', ms),
  tools: {
    fallback: 'استدعاء أداة',
    tenseOf,
    label: ({ toolName, label, tense }: ToolLabelInfo) =>
      Object.hasOwn(tools, toolName) ? tools[toolName]?.[TENSE[tense]] : label,
  },
};
