import { formatDistanceMetres } from '@app/shared/format';
import type { MailTexts, NoteText } from './en';

// The same texts in Hindi, for members whose `language` is `hi` (design.md section 13).
// Statuses arrive as the English labels, lower case ("waiting store"): shown in Hindi here.
const STATUS: Record<string, string> = {
  pending: 'बाकी',
  accepted: 'स्वीकार हुआ',
  onmoving: 'रास्ते में',
  arrived: 'पहुँच गया',
  'waiting store': 'स्टोर के इंतज़ार में',
  'waiting admin': 'एडमिन के इंतज़ार में',
  'waiting driver': 'ड्राइवर के इंतज़ार में',
  issue: 'समस्या',
  completed: 'पूरा हुआ',
  cancelled: 'रद्द',
};
const status = (label: string) => STATUS[label.toLowerCase()] ?? label;

export const hi: MailTexts = {
  order: {
    weighed: (n: string): NoteText => ({
      title: `ऑर्डर ${n} तौल लिया गया`,
      body: `ड्राइवर ने ऑर्डर ${n} का माल तौल लिया है। वज़न जाँचकर मंज़ूर करें, या एडमिन को बुलाएँ।`,
    }),
    correctedForStore: (n: string): NoteText => ({
      title: `ऑर्डर ${n} सुधारा गया`,
      body: `एडमिन ने ऑर्डर ${n} का माल या वज़न सुधारा है; अब ड्राइवर इसकी पुष्टि करेगा।`,
    }),
    correctedForDriver: (n: string): NoteText => ({
      title: `ऑर्डर ${n} पुष्टि के लिए तैयार है`,
      body: `एडमिन ने ऑर्डर ${n} सुधारा है। सुधरी हुई लाइनें जाँचें और ऑर्डर की पुष्टि करें।`,
    }),
    completed: (n: string): NoteText => ({
      title: `ऑर्डर ${n} पूरा हुआ`,
      body: `ऑर्डर ${n} पूरा हो गया है।`,
    }),
    cancelled: (n: string, reason: string | null): NoteText => ({
      title: `ऑर्डर ${n} रद्द हुआ`,
      body: reason ? `ऑर्डर ${n} रद्द हुआ: ${reason}` : `ऑर्डर ${n} रद्द हुआ।`,
    }),
    // The event keeps the English reason (autoCancelReason below); the store reads why in Hindi.
    autoCancelled: (n: string, hours: number): NoteText => ({
      title: `ऑर्डर ${n} रद्द हुआ`,
      body: `ऑर्डर ${n} अपने आप रद्द हो गया: ${hours} घंटे में किसी ड्राइवर ने इसे स्वीकार नहीं किया।`,
    }),
    credited: (n: string, amount: string): NoteText => ({
      title: `ऑर्डर ${n} के लिए ${amount} जमा हुए`,
      body: `ऑर्डर ${n} पूरा हुआ और आपके वॉलेट में ${amount} जमा हुए।`,
    }),
    called: (n: string, store: string, reason: string | null): NoteText => ({
      title: `${store} ने ऑर्डर ${n} के बारे में एडमिन को बुलाया`,
      body: reason
        ? `${store} ऑर्डर ${n} की तौली गई लाइनों से सहमत नहीं है। इन्हें जाँचकर सुधारें। स्टोर का कहना है: ${reason}`
        : `${store} ऑर्डर ${n} की तौली गई लाइनों से सहमत नहीं है। इन्हें जाँचकर सुधारें।`,
    }),
    issueReported: (n: string, reason: string): NoteText => ({
      title: `ड्राइवर ने ऑर्डर ${n} में समस्या बताई`,
      body: `ऑर्डर ${n} के ड्राइवर ने बताया: ${reason}`,
    }),
    escalated: (n: string, label: string, hours: number): NoteText => ({
      title: `ऑर्डर ${n} ${hours} घंटे से "${status(label)}" स्थिति में है`,
      body: `ऑर्डर ${n} ${hours} घंटे से ज़्यादा समय से "${status(label)}" स्थिति में है। कृपया इसे देखें।`,
    }),
    arrivedFar: (n: string, driver: string, store: string, metres: number, radiusMetres: number): NoteText => ({
      title: `${driver} ऑर्डर ${n} के लिए ${store} से ${formatDistanceMetres(metres, 'hi')} दूर पहुँचे`,
      body: `${driver} ने ऑर्डर ${n} को ${store} की पिन से ${formatDistanceMetres(metres, 'hi')} दूर "पहुँच गया" किया, जो सेटिंग्स -> ऑर्डर की ${formatDistanceMetres(radiusMetres, 'hi')} की सीमा से ज़्यादा है। ड्राइवर या स्टोर से पूछें।`,
    }),
  },
  escalation: {
    subject: (n: string, label: string, hours: number) => `ऑर्डर ${n}: ${hours} घंटे से ज़्यादा "${status(label)}" स्थिति में`,
    description: (n: string, label: string, since: string) => `ऑर्डर ${n} ${since} (भारतीय समय) से "${status(label)}" स्थिति में है और किसी ने इसे आगे नहीं बढ़ाया।`,
    issueSubject: (n: string) => `ड्राइवर ने ऑर्डर ${n} में समस्या बताई`,
    closedWithOrder: (n: string, label: string, at: string) => `सिस्टम ने बंद किया: ऑर्डर ${n} ${at} (भारतीय समय) को "${status(label)}" स्थिति में आगे बढ़ गया।`,
  },
  gstin: {
    requested: (company: string, from: string | null, to: string | null) => ({
      title: `${company} अपना GSTIN बदलना चाहता है`,
      body: `${company} अपना GSTIN ${hi.gstinShown(from)} से बदलकर ${hi.gstinShown(to)} करना चाहता है। वेंडर के पेज पर इसे मंज़ूर या अस्वीकार करें।`,
    }),
    approved: (gstin: string | null) => ({
      title: 'GSTIN बदलना मंज़ूर हुआ',
      body: gstin ? `अब आपका GSTIN ${gstin} है: अब से आपके इनवॉइस में GST लगेगा।` : 'आपका GSTIN हटा दिया गया: अब से आपके इनवॉइस रिवर्स चार्ज पर होंगे।',
    }),
    rejected: (asked: string | null, reason: string | null) => {
      const said = `आपका GSTIN ${hi.gstinShown(asked)} करने का अनुरोध अस्वीकार हुआ`;
      return { title: 'GSTIN बदलना अस्वीकार हुआ', body: reason ? `${said}: ${reason}` : `${said}।` };
    },
  },
  gstinShown: (gstin: string | null) => gstin ?? 'कोई नहीं (GST में पंजीकृत नहीं)',
  // The order event's reason stays in English (design.md section 12 gives it word for word).
  autoCancelReason: (hours: number) => `Cancelled automatically: no driver accepted it in ${hours} hours`,
  resetCode: (code: string, minutes: number) => ({
    subject: 'पासवर्ड बदलने का आपका कोड',
    text: [
      'नमस्ते,',
      '',
      `पासवर्ड बदलने का आपका कोड है: ${code}`,
      '',
      `इसे ${minutes} मिनट के अंदर पासवर्ड बदलने वाले पेज पर लिखें।`,
      'अगर आपने पासवर्ड बदलने को नहीं कहा था, तो यह ई-मेल अनदेखा करें: आपका पासवर्ड वैसा ही रहेगा।',
      '',
      'कबाड़ी ऑर्डर',
    ].join('\n'),
  }),
  mail: {
    greeting: (name: string) => `नमस्ते ${name},`,
    open: 'इसे खोलें:',
    footer: 'यह ई-मेल आपको कबाड़ी ऑर्डर की सूचना सेटिंग्स (सेटिंग्स -> सूचनाएँ) के कारण मिला है।',
  },
};
