package sandbox

import (
	"fmt"
	"time"

	"golang.org/x/text/language"
)

// The sandbox's e-mails in the customer's language: the shop's three (English, Arabic,
// French). The language is the one the shop asked for (its Accept-Language header) when the
// code was sent at sign-up or log-in, kept on the account; a contact-us message uses its
// own request's, else its sender's account's. English when none is known.

// mailLangs are the languages the mails are written in, English first (the fallback).
var mailLangs = []language.Tag{language.English, language.Arabic, language.French}

// mailLang is the shop language ("en", "ar", "fr") an Accept-Language header asks for
// first, or "" when it names none of them (or there is no header).
func mailLang(acceptLanguage string) string {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil {
		return ""
	}
	for _, t := range tags {
		base, conf := t.Base()
		if conf == language.No {
			continue
		}
		for _, l := range mailLangs {
			if lb, _ := l.Base(); lb == base {
				return lb.String()
			}
		}
	}
	return ""
}

// mailText is one mail in the three languages; %-verbs as in the English.
type mailText struct{ subject, text [3]string }

func (m mailText) in(lang string) (subject, text string) {
	i := 0
	switch lang {
	case "ar":
		i = 1
	case "fr":
		i = 2
	}
	return m.subject[i], m.text[i]
}

var (
	codeMail = mailText{
		subject: [3]string{"Your %[1]s verification code", "رمز التحقق من %[1]s", "Votre code de vérification %[1]s"},
		text: [3]string{
			"Your %[1]s verification code is %[2]s. It expires in %[3]s. If you did not ask for it, ignore this e-mail.",
			"رمز التحقق من %[1]s هو %[2]s. تنتهي صلاحيته خلال %[3]s. إذا لم تطلبه، تجاهل هذه الرسالة.",
			"Votre code de vérification %[1]s est %[2]s. Il expire dans %[3]s. Si vous ne l’avez pas demandé, ignorez cet e\u2011mail.",
		},
	}
	deliveryMail = mailText{
		subject: [3]string{"Your %[1]s eSIM is ready", "شريحة eSIM من %[1]s جاهزة", "Votre eSIM %[1]s est prête"},
		text: [3]string{
			"Thank you for your purchase of %[1]s.\nICCID: %[2]s\nActivation code: %[3]s\nOn an iPhone, open: %[4]s\nOn an Android phone, open: %[5]s\nOr scan the QR code to install the eSIM.",
			"شكراً لشرائك %[1]s.\nرقم ICCID: %[2]s\nرمز التفعيل: %[3]s\nعلى iPhone، افتح: %[4]s\nعلى هاتف Android، افتح: %[5]s\nأو امسح رمز QR لتثبيت الشريحة.",
			"Merci pour votre achat de %[1]s.\nICCID\u202f: %[2]s\nCode d’activation\u202f: %[3]s\nSur un iPhone, ouvrez\u202f: %[4]s\nSur un téléphone Android, ouvrez\u202f: %[5]s\nOu scannez le code QR pour installer l’eSIM.",
		},
	}
	topupMail = mailText{
		subject: [3]string{"Your %[1]s top-up is on its way", "الباقة الإضافية من %[1]s في طريقها إليك", "Votre recharge %[1]s arrive"},
		text: [3]string{
			"%[1]s was added to your eSIM %[2]s. It starts when the current plan ends.",
			"أُضيفت الباقة %[1]s إلى شريحتك %[2]s. تبدأ عند انتهاء الباقة الحالية.",
			"%[1]s a été ajouté à votre eSIM %[2]s. Il commence à la fin du forfait en cours.",
		},
	}
	contactMail = mailText{
		subject: [3]string{"We received your message (%[1]s)", "وصلتنا رسالتك (%[1]s)", "Nous avons bien reçu votre message (%[1]s)"},
		text: [3]string{
			"Dear %[1]s,\nthank you for contacting %[2]s support. We will answer soon.\n\nYour message (%[3]s):\n%[4]s",
			"عزيزي/عزيزتي %[1]s،\nشكراً لتواصلك مع دعم %[2]s. سنردّ عليك قريباً.\n\nرسالتك (%[3]s):\n%[4]s",
			"Bonjour %[1]s,\nmerci d’avoir contacté l’assistance %[2]s. Nous vous répondrons bientôt.\n\nVotre message (%[3]s)\u202f:\n%[4]s",
		},
	}
)

// format fills a mail's subject and text in lang.
func (m mailText) format(lang string, subjectArgs, textArgs []any) (subject, text string) {
	s, t := m.in(lang)
	return fmt.Sprintf(s, subjectArgs...), fmt.Sprintf(t, textArgs...)
}

// minutesText is a code's lifetime in whole minutes, in lang ("10 minutes", "10 دقائق",
// "10 minutes" with a narrow no-break space): Arabic counts 1, 2, 3-10 and 11+ differently.
func minutesText(lang string, d time.Duration) string {
	n := int(d / time.Minute)
	switch lang {
	case "ar":
		switch {
		case n == 1:
			return "دقيقة واحدة"
		case n == 2:
			return "دقيقتين"
		case n%100 >= 3 && n%100 <= 10:
			return fmt.Sprintf("%d دقائق", n)
		default:
			return fmt.Sprintf("%d دقيقة", n)
		}
	case "fr":
		if n <= 1 {
			return fmt.Sprintf("%d\u202fminute", n)
		}
		return fmt.Sprintf("%d\u202fminutes", n)
	}
	if n == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", n)
}
