// Arabic words for the right-to-left story (Intl.PluralRules 'ar' has six forms: zero, one, two, few,
// many, other). A sample for layout, to be reviewed by a native speaker before shipping.
import {
  formatDurationIn,
  formatElapsedIn,
  plural,
  type ToolLabelInfo,
  type ToolStepsLabels,
  tenseOf,
} from 'tool-steps/presentation';

const tools: Record<string, [base: string, present: string, past: string]> = {
  read_file: ['قراءة ملف', 'يقرأ ملفًا', 'تمت قراءة ملف'],
  write_file: ['كتابة ملف', 'يكتب ملفًا', 'تمت كتابة ملف'],
  edit_file: ['تعديل ملف', 'يعدّل ملفًا', 'تم تعديل ملف'],
  run_command: ['تشغيل أمر', 'يشغّل أمرًا', 'تم تشغيل أمر'],
  list_files: ['عرض الملفات', 'يعرض الملفات', 'تم عرض الملفات'],
  glob: ['البحث عن ملفات', 'يبحث عن ملفات', 'تم العثور على ملفات'],
  grep: ['البحث في الملفات', 'يبحث في الملفات', 'تم البحث في الملفات'],
  delete_records: ['حذف سجلات', 'يحذف سجلات', 'تم حذف سجلات'],
};
const TENSE = { base: 0, present: 1, past: 2 } as const;
const number = new Intl.NumberFormat('ar');
const n = (value: number) => number.format(value);
const steps = (count: number) =>
  plural('ar', count, { one: 'خطوة واحدة', two: 'خطوتان', few: '# خطوات', many: '# خطوة', other: '# خطوة' });
const lines = (count: number) =>
  plural('ar', count, { one: 'سطر واحد', two: 'سطران', few: '# أسطر', many: '# سطرًا', other: '# سطر' });
const families: Record<string, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  read: { one: 'قراءة ملف واحد', two: 'قراءة ملفين', few: 'قراءة # ملفات', many: 'قراءة # ملفًا', other: 'قراءة # ملف' },
  search: { one: 'البحث عن نمط واحد', two: 'البحث عن نمطين', few: 'البحث عن # أنماط', other: 'البحث عن # نمط' },
  list: { one: 'عرض مجلد واحد', two: 'عرض مجلدين', few: 'عرض # مجلدات', other: 'عرض # مجلد' },
};

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
  outcome: { exit: (code) => `رمز الخروج ${n(code)}`, stopped: 'أُوقف' },
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
    willWrite: 'ستتم كتابة',
    willEdit: 'سيتم تعديل',
    willDelete: 'سيتم حذف',
    willRun: 'سيتم تشغيل',
    willFetch: 'سيتم جلب',
    willSend: 'سيتم الإرسال إلى',
    toolInput: 'المدخلات',
    sideEffects: 'الآثار الجانبية',
    consequences: 'ما الذي سيحدث',
    reason: 'السبب (اختياري)',
    argumentsChanged: 'تغيّرت المعطيات: اقرأها مرة أخرى',
    approvalIdReused: 'لاستدعاء آخر معرّف الموافقة نفسه، فلا يمكن البتّ في هذا الاستدعاء هنا',
    otherArguments: 'معطيات أخرى',
    tool: (name) => `الأداة: ${name}`,
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
    stopped: (step) => `أُوقف ${named(step)}`,
  },
  details: {
    trigger: 'التفاصيل',
    details: 'التفاصيل',
    modelRead: 'ما قرأه النموذج',
    result: 'النتيجة',
    output: 'المخرجات',
    lastUpdate: 'آخر تحديث',
    arguments: 'المعاملات',
  },
  duration: (ms) => formatDurationIn('ar', ms),
  elapsed: (ms) => formatElapsedIn('ar', ms),
  approvalWait: (duration) => `انتظر الموافقة ${duration}`,
  tools: {
    fallback: 'استدعاء أداة',
    tenseOf,
    label: ({ toolName, label, tense }: ToolLabelInfo) =>
      Object.hasOwn(tools, toolName) ? tools[toolName]?.[TENSE[tense]] : label,
  },
  groups: {
    family: (family, count) => {
      const forms = Object.hasOwn(families, family) ? families[family] : undefined;
      return forms ? plural('ar', count, forms) : `${n(count)} × ${family}`;
    },
    thought: (duration) => (duration ? `فكّر لمدة ${duration}` : 'فكّر'),
    group: (parts, duration) => (duration ? `${parts.join('، ')} · ${duration}` : parts.join('، ')),
    nested: steps,
    working: (label, elapsed) => (elapsed ? `${label}… ${elapsed}` : `${label}…`),
    worked: (duration, count, failed = 0) => {
      const counted = failed > 0 ? `${steps(count)}، فشل ${n(failed)}` : steps(count);
      return duration ? `عمل لمدة ${duration} · ${counted}` : counted;
    },
    stopped: (duration, count) => (duration ? `أُوقف بعد ${duration} · ${steps(count)}` : `أُوقف · ${steps(count)}`),
  },
  reasoning: {
    thinking: 'يفكّر…',
    thought: (duration) => (duration ? `فكّر لمدة ${duration}` : 'فكّر'),
    briefly: 'فكّر لحظة',
    stopped: 'توقّف عن التفكير',
    hidden: 'التفكير مخفي',
    summary: 'ملخّص',
    count: (count) => plural('ar', count, { one: 'فكرة واحدة', two: 'فكرتان', few: '# أفكار', other: '# فكرة' }),
  },
  verbosity: { show: 'إظهار الخطوات', hide: 'إخفاء الخطوات' },
  redaction: {
    hidden: (count) =>
      plural('ar', count, { one: 'سر واحد مخفي', two: 'سرّان مخفيان', few: '# أسرار مخفية', other: '# سرًا مخفيًا' }),
    reveal: 'إظهار',
    revealLabel: (count) => plural('ar', count, { one: 'إظهار السر المخفي', other: 'إظهار الأسرار المخفية (#)' }),
    hide: 'إخفاء',
  },
  copy: {
    copy: 'نسخ',
    copied: 'تم النسخ',
    failed: 'تعذّر النسخ',
    copyWhat: (what) => `نسخ ${what}`,
    text: 'النص',
    output: 'المخرجات',
    code: 'الشيفرة',
    error: 'الخطأ',
    table: 'الجدول',
    diff: 'التغييرات',
    lastUpdate: 'آخر تحديث',
    arguments: 'المعاملات',
    valueOf: (path) => `قيمة ${path}`,
  },
  interrupted: (reason) => `انقطع: ${reason}`,
  progress: (value, total) => `${value} من ${total}`,
  reasons: {
    stopped: 'أُوقف قبل أن ينتهي التشغيل.',
    replaced: 'حلّ محله طلب أحدث.',
    'stream-closed': 'انتهى البث قبل أن ينتهي التشغيل.',
    'closed-before-start': 'انتهى البث قبل أن يبدأ أي تشغيل.',
    'cut-mid-frame': 'انتهى البث في منتصف رسالة، قبل أن ينتهي التشغيل.',
    'connection-lost': 'انقطع الاتصال.',
    'no-body': 'أجاب الخادم بلا محتوى: لم يكن هناك بث لقراءته.',
    cancelled: 'أُلغي التشغيل.',
    restarted: 'بدأت رسالة جديدة قبل أن تنتهي هذه.',
    unreachable: 'تعذّر الوصول إلى الخادم.',
    'http-error': 'أجاب الخادم بخطأ.',
    'stream-error': 'أبلغ البث عن خطأ.',
    'tool-error': 'أبلغت الأداة عن خطأ.',
  },
  unknownReason: (code) => `سبب غير معروف: ${code}`,
  views: {
    loading: 'جارٍ التحميل…',
    blockFailed: (message) => `تعذّر عرض هذه الكتلة: ${message}`,
    unknownError: 'خطأ غير معروف',
    show: 'العرض',
    files: 'الملفات',
    tokens: (ui, llm, saved) => {
      const base = `${n(ui)} → ${n(llm)} رمزًا`;
      return saved > 0 ? `${base}، توفير ${n(Math.round(saved))}٪` : base;
    },
    lines,
    showLess: 'عرض أقل',
    showAllLines: (count) => `عرض كل الأسطر (${n(count)})`,
    showAllCharacters: (count) => `عرض كل الأحرف (${n(count)})`,
    streams: 'المجاري',
    all: 'الكل',
    exit: (code) => `رمز الخروج ${code}`,
    follow: 'متابعة المخرجات',
    noOutput: 'لا توجد مخرجات.',
    outputOf: (command) => (command ? `مخرجات ${command}` : 'مخرجات الطرفية'),
    concealed: 'أخفاه البرنامج (SGR 8)؛ معروض لأن النموذج يقرؤه',
    items: (count) => `[${plural('ar', count, { one: 'عنصر واحد', two: 'عنصران', few: '# عناصر', other: '# عنصر' })}]`,
    keys: (count) =>
      `{${plural('ar', count, { one: 'مفتاح واحد', two: 'مفتاحان', few: '# مفاتيح', other: '# مفتاح' })}}`,
    showMore: (count, remaining) => `عرض ${n(count)} أخرى (${n(remaining)} غير معروضة)`,
    rows: (count) => plural('ar', count, { one: 'صف واحد', two: 'صفّان', few: '# صفوف', other: '# صف' }),
    columns: (count) => plural('ar', count, { one: 'عمود واحد', two: 'عمودان', few: '# أعمدة', other: '# عمود' }),
    table: (rows) => `جدول، ${plural('ar', rows, { one: 'صف واحد', two: 'صفّان', few: '# صفوف', other: '# صف' })}`,
    showFirstRows: (count) => `عرض أول ${n(count)} صف`,
    showAllRows: (count) => `عرض كل الصفوف (${n(count)})`,
    filesChanged: (count) =>
      plural('ar', count, { one: 'تغيّر ملف واحد', two: 'تغيّر ملفان', few: 'تغيّرت # ملفات', other: 'تغيّر # ملف' }),
    diffLayout: 'طريقة عرض التغييرات',
    unified: 'موحّد',
    split: 'جنبًا إلى جنب',
    notDiff: 'هذه ليست تغييرات: لا نص فروق ولا نصوص قبل وبعد. تُعرض كما هي.',
    diffUnreadable: (reason) => `تعذّرت قراءة هذه التغييرات (${reason}). تُعرض كنص.`,
    fileStatus: { added: 'ملف جديد', deleted: 'محذوف', renamed: 'أُعيدت تسميته', binary: 'ثنائي' },
    unchangedLines: (count) => `⋯ ${lines(count)} دون تغيير خارج الفروق · `,
    showUnchanged: (count) => `عرض ${lines(count)} دون تغيير`,
    binaryFile: 'ملف ثنائي: لا نص لعرضه.',
    noLineChanged: 'لم يتغيّر أي سطر.',
    diffOf: (path) => `تغييرات ${path}`,
    noNewline: '\\ لا يوجد سطر جديد في نهاية الملف',
    emptyFile: 'ملف فارغ.',
    codeOf: (path) => (path ? `شيفرة ${path}` : 'الشيفرة'),
    sources: 'المصادر',
    sourceCount: (count) => plural('ar', count, { one: 'مصدر واحد', two: 'مصدران', few: '# مصادر', other: '# مصدر' }),
    noSources: 'لا توجد مصادر.',
    notLink: 'ليس رابط ويب',
    newTab: '(يُفتح في علامة تبويب جديدة)',
    imageAlt: 'صورة من الأداة',
    notRaster: 'غير معروضة: ليست صورة نقطية',
    refusedUrl: 'غير معروض (تُعرض فقط عناوين http(s) وعناوين data للصور النقطية):',
    download: (name) => `تنزيل ${name}`,
    file: 'ملف',
    image: 'صورة',
    noMedia: 'لا توجد صورة أو ملف في هذه التفاصيل.',
  },
};
