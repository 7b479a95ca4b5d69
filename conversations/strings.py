"""User-facing strings in English, Hindi and Romanized Hindi (Hinglish). ``t(key, lang, **values)`` formats one.

The bot's own sentences only (greetings, prompts, notes); scheme text is always quoted, never here.
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "start": {
        "en": (
            "Namaste! I help you find government welfare schemes, understand them, and check whether you may qualify.\n"
            "Ask in English, Hindi or Hinglish, for example: \"how much money do farmers get under PM-KISAN?\" or "
            "\"am I eligible for old age pension?\".\n"
            "I answer only by quoting, word for word, the scheme documents I hold, with their source, link and date. "
            "When my documents do not answer a question, I say \"I don't know\" and give you the official source. "
            "Always confirm amounts and dates there before you act; I cannot apply for you or check your application status.\n"
            "Commands: /help, /eligibility, /reset (start over), /forget (delete my data), /lang en|hi|hinglish."
        ),
        "hi": (
            "नमस्ते! मैं सरकारी कल्याण योजनाएँ खोजने, समझने और आपकी पात्रता जाँचने में मदद करता हूँ।\n"
            "हिंदी, English या Hinglish में पूछें, जैसे: \"पीएम किसान में कितना पैसा मिलता है?\" या "
            "\"क्या मैं वृद्धावस्था पेंशन के लिए पात्र हूँ?\"\n"
            "मैं केवल अपने पास के योजना-दस्तावेज़ों को शब्दशः उद्धृत करके, स्रोत, लिंक और तारीख के साथ उत्तर देता हूँ। "
            "जब मेरे दस्तावेज़ों में उत्तर नहीं होता, तो मैं \"मुझे नहीं पता\" कहकर आधिकारिक स्रोत बताता हूँ। "
            "कोई भी राशि या तारीख वहाँ पुष्टि करें; मैं आपकी ओर से आवेदन नहीं कर सकता।\n"
            "कमांड: /help, /eligibility, /reset (फिर से शुरू), /forget (मेरा डेटा मिटाएँ), /lang en|hi|hinglish."
        ),
    },
    "help": {
        "en": (
            "Ask about any scheme: benefits, who can apply, documents, how to apply. Follow-ups like \"documents?\" "
            "or \"and for Ujjwala?\" are understood.\n"
            "/eligibility - check which schemes you may qualify for (I ask a few questions; say \"skip\" to any)\n"
            "/reset - forget this conversation\n/forget - delete everything I store about you\n/lang en|hi|hinglish - reply language"
        ),
        "hi": (
            "किसी भी योजना के बारे में पूछें: लाभ, कौन आवेदन कर सकता है, दस्तावेज़, आवेदन कैसे करें। \"दस्तावेज़?\" या "
            "\"और उज्ज्वला में?\" जैसे सवाल भी समझता हूँ।\n"
            "/eligibility - कौन सी योजनाएँ आपको मिल सकती हैं (कुछ सवाल पूछूँगा; किसी को भी \"skip\" कह सकते हैं)\n"
            "/reset - यह बातचीत भूल जाएँ\n/forget - मेरे पास आपकी सारी जानकारी मिटाएँ\n/lang en|hi|hinglish - उत्तर की भाषा"
        ),
    },
    "reset": {"en": "Done, I have forgotten this conversation; what you told me about yourself is kept (send /forget to delete it). What would you like to know?",
              "hi": "ठीक है, मैंने यह बातचीत भुला दी; आपने अपने बारे में जो बताया वह रखा है (मिटाने के लिए /forget भेजें)। आप क्या जानना चाहते हैं?"},
    "forget_confirm": {"en": "Delete everything I have stored about you (conversation and eligibility answers)? Reply yes or no.",
                       "hi": "क्या मैं आपके बारे में रखी सारी जानकारी (बातचीत और पात्रता के उत्तर) मिटा दूँ? हाँ या नहीं लिखें।"},
    "forget_nothing": {"en": "I have nothing stored about you, so there is nothing to delete.",
                       "hi": "मेरे पास आपके बारे में कुछ भी रखा नहीं है, इसलिए मिटाने को कुछ नहीं है।"},
    "forget_confirm_other": {"en": "From this number I keep what you told me over {other}. Delete everything I have stored about you there? Reply yes or no.",
                             "hi": "इस नंबर से {other} पर आपने जो बताया वह मेरे पास रखा है। क्या वह सारी जानकारी मिटा दूँ? हाँ या नहीं लिखें।"},
    "forget_done": {"en": "Deleted. I no longer store anything about you.",
                    "hi": "मिटा दिया। अब मेरे पास आपकी कोई जानकारी नहीं है।"},
    "forget_cancelled": {"en": "OK, nothing was deleted.", "hi": "ठीक है, कुछ नहीं मिटाया गया।"},
    "forget_reask": {"en": "Please reply yes to delete your data, or no to keep it.",
                     "hi": "डेटा मिटाने के लिए हाँ, रखने के लिए नहीं लिखें।"},
    "lang_set": {"en": "I will reply in English.", "hi": "अब मैं हिंदी में उत्तर दूँगा।"},
    "quotes_stay": {"en": "Quotes stay in the words of the official scheme page, so that nothing in them is changed.",
                    "hi": "योजना के उद्धरण आधिकारिक पेज के अपने शब्दों (ज़्यादातर अंग्रेज़ी) में ही रहेंगे, ताकि उनमें कुछ न बदले।"},
    "lang_usage": {"en": "Use /lang en, /lang hi or /lang hinglish.", "hi": "/lang en, /lang hi या /lang hinglish लिखें।"},
    "unknown_command": {"en": "I don't know that command. Try /help.", "hi": "यह कमांड मैं नहीं जानता। /help देखें।"},
    "empty_text": {
        "en": "Your message came through empty. Please type your question, for example: \"documents for PM-KISAN\".",
        "hi": "आपका संदेश खाली पहुँचा। कृपया अपना सवाल लिखकर भेजें, जैसे: \"पीएम किसान के दस्तावेज़\"।",
    },
    "non_text": {
        "en": "Sorry, I can only read typed messages. Please type your question, for example: \"documents for PM-KISAN\".",
        "hi": "माफ़ कीजिए, मैं केवल लिखे हुए संदेश पढ़ सकता हूँ। कृपया अपना सवाल लिखकर भेजें, जैसे: \"पीएम किसान के दस्तावेज़\"।",
    },
    "private_number": {
        "en": "Please do not send Aadhaar, PAN, voter ID, bank account or phone numbers here: I never need them. I did not keep the number you sent.",
        "hi": "कृपया यहाँ आधार, पैन, वोटर आईडी, बैंक खाता या फ़ोन नंबर न भेजें: मुझे इनकी ज़रूरत नहीं है। आपका भेजा नंबर मैंने नहीं रखा।",
    },
    "privacy_notice": {
        "en": "I keep what you tell me about yourself for {period} to check schemes for you; send /forget (or DELETE) any time to delete it.",
        "hi": "योजनाएँ जाँचने के लिए आपकी बताई जानकारी मैं {period} तक रखता हूँ; इसे कभी भी मिटाने के लिए /forget (या हटाओ) भेजें।",
    },
    "privacy_notice_sms": {
        # (short: on a Hindi page of 201 characters the longer notice had taken a page of its own, the answer two pages on)
        "en": "I keep what you tell me for {period} to check schemes; send DELETE to delete it.",
        "hi": "आपकी बताई जानकारी {period} रखूँगा; मिटाने के लिए DELETE भेजें।",
    },
    "rate_limited": {
        "en": "You are sending messages faster than I can answer. Please wait a minute and send your question again.",
        "hi": "आप बहुत जल्दी-जल्दी संदेश भेज रहे हैं। कृपया एक मिनट रुककर अपना सवाल फिर भेजें।",
    },
    "too_long": {
        "en": "Your message was long, so I used only its first {limit} characters to search.",
        "hi": "आपका संदेश लंबा था, इसलिए खोज के लिए मैंने केवल पहले {limit} अक्षर लिए।",
    },
    "too_long_focus": {
        "en": "Your message was long, so I searched with this part of it: \"{used}\"",
        "hi": "आपका संदेश लंबा था, इसलिए मैंने उसके इस हिस्से से खोजा: \"{used}\"",
    },
    "decline": {
        "en": "I don't know. {reason}",
        "hi": "मुझे नहीं पता। {reason}",
    },
    "decline_named": {
        "en": "I don't know. I know of {scheme}, but I do not have its documents, so I cannot quote them.",
        "hi": "मुझे नहीं पता। मैं {scheme} के बारे में जानता हूँ, पर उसके दस्तावेज़ मेरे पास नहीं हैं, इसलिए उद्धृत नहीं कर सकता।",
    },
    "decline_unknown_name": {
        "en": "I don't know. I have no scheme called \"{scheme}\" in the documents I hold, so I cannot quote anything about it; myScheme's search may find it.",
        "hi": "मुझे नहीं पता। \"{scheme}\" नाम की कोई योजना मेरे पास के दस्तावेज़ों में नहीं है, इसलिए उसके बारे में उद्धृत नहीं कर सकता; myScheme की खोज में मिल सकती है।",
    },
    "decline_no_section": {
        "en": "I don't know. The documents I have for {scheme} do not cover what you asked, so I cannot quote an answer; its official page may say more.",
        "hi": "मुझे नहीं पता। {scheme} के मेरे पास के दस्तावेज़ों में आपके सवाल का उत्तर नहीं है, इसलिए उद्धृत नहीं कर सकता; इसके आधिकारिक पेज पर और जानकारी हो सकती है।",
    },
    # a live-information question about a scheme known ("widow pension not received for 3 months"): its page is the source
    "decline_not_stated": {
        "en": "I don't know. The documents I have for {scheme} hold no application status or payment dates, so I cannot say; its official page may say more.",
        "hi": "मुझे नहीं पता। {scheme} के मेरे पास के दस्तावेज़ों में आवेदन की स्थिति या भुगतान की तारीखें नहीं होतीं, इसलिए मैं नहीं बता सकता; इसके आधिकारिक पेज पर और जानकारी हो सकती है।",
    },
    # ... asking for a helpline or where to complain ("where to complain?" after it)
    "decline_no_contact": {
        "en": "I don't know. The documents I have for {scheme} give no helpline or place to complain; its official page may say more.",
        "hi": "मुझे नहीं पता। {scheme} के मेरे पास के दस्तावेज़ों में कोई हेल्पलाइन या शिकायत की जगह नहीं दी है; इसके आधिकारिक पेज पर और जानकारी हो सकती है।",
    },
    "official_sources": {"en": "Official source:", "hi": "आधिकारिक स्रोत:"},
    "sources": {"en": "Sources:", "hi": "स्रोत:"},
    "source": {"en": "Source:", "hi": "स्रोत:"},
    "lapsed": {"en": "Your earlier answers have expired (I keep them {period} after your last message), so the check starts again.",
               "hi": "आपके पिछले जवाब पुराने होकर मिट गए हैं (आखिरी संदेश के बाद मैं उन्हें {period} रखता हूँ), इसलिए जाँच फिर से शुरू होती है।"},
    "stateless": {
        "en": "My memory is unavailable for a moment, so I am answering this message on its own: I cannot remember our conversation, continue a check or send MORE pages until it is back.",
        "hi": "मेरी याददाश्त अभी कुछ देर के लिए उपलब्ध नहीं है, इसलिए मैं इस संदेश का जवाब अलग से दे रहा हूँ: उसके लौटने तक मैं बातचीत याद नहीं रख सकता, जाँच आगे नहीं बढ़ा सकता, न MORE वाले पेज भेज सकता हूँ।",
    },
    "stateless_page": {"en": "(My memory is unavailable for a moment: this is all I can send now, no MORE pages.)",
                       "hi": "(मेरी याददाश्त अभी उपलब्ध नहीं: अभी इतना ही भेज सकता हूँ, MORE नहीं।)"},
    "stateless_yes_no": {
        "en": "I cannot reach my records this moment, so I do not know what this answers. If you were confirming a deletion, nothing was deleted yet: please send /forget again in a few minutes.",
        "hi": "अभी मैं अपने रिकॉर्ड तक नहीं पहुँच पा रहा, इसलिए मुझे नहीं पता कि यह किस बात का जवाब है। अगर आप जानकारी मिटाने की पुष्टि कर रहे थे, तो अभी कुछ नहीं मिटा: कृपया कुछ मिनट बाद /forget फिर भेजें।",
    },
    "stateless_not_kept": {
        "en": "I cannot keep what you tell me about yourself this moment: please tell me again in a few minutes, or ask me about a scheme.",
        "hi": "अभी मैं आपके बारे में बताई बातें रख नहीं सकता: कृपया कुछ मिनट बाद फिर बताएँ, या किसी योजना के बारे में पूछें।",
    },
    "stateless_check": {
        "en": "I cannot keep your answers this moment, so I cannot run the eligibility check now: please send /eligibility again in a few minutes, or ask me about a scheme.",
        "hi": "अभी मैं आपके जवाब रख नहीं सकता, इसलिए पात्रता जाँच अभी नहीं हो सकती: कृपया कुछ मिनट बाद /eligibility फिर भेजें, या किसी योजना के बारे में पूछें।",
    },
    "stateless_forget": {
        "en": "I cannot reach my records this moment, so nothing was deleted yet. Please send /forget again in a few minutes.",
        "hi": "अभी मैं अपने रिकॉर्ड तक नहीं पहुँच पा रहा, इसलिए अभी कुछ नहीं मिटा। कृपया कुछ मिनट बाद /forget फिर भेजें।",
    },
    "stateless_reset": {
        "en": "I cannot reach my records this moment, so our conversation was not reset yet. Please send /reset again in a few minutes.",
        "hi": "अभी मैं अपने रिकॉर्ड तक नहीं पहुँच पा रहा, इसलिए बातचीत अभी नए सिरे से शुरू नहीं हुई। कृपया कुछ मिनट बाद /reset फिर भेजें।",
    },
    "error": {"en": "Sorry, something went wrong on my side. Please try again in a moment.",
              "hi": "माफ़ कीजिए, मेरी ओर से कुछ गड़बड़ हुई। कृपया थोड़ी देर में फिर कोशिश करें।"},
    "stale_button": {"en": "That button belongs to an earlier question, so I did not use it. Type your question, or the name or number of the scheme you mean.",
                     "hi": "वह बटन पिछले सवाल का है, इसलिए मैंने उसे नहीं लिया। अपना सवाल, या जिस योजना की बात है उसका नाम या नंबर लिखें।"},
    "income_period": {"en": "Is ₹{amount} your family's income for a month, or for the whole year?",
                      "hi": "क्या ₹{amount} आपके परिवार की एक महीने की आय है, या पूरे साल की?"},
    "per_month": {"en": "Per month", "hi": "महीने की"},
    "per_year": {"en": "Per year", "hi": "साल की"},
    "why_verdict": {"en": "Each scheme above is listed with the condition from its page that decided it, quoted word for word with its link; "
                          "what I could not check is said too. To change one of your answers, write it out (for example: \"my age is 45\") "
                          "and I will check again; to read about a scheme, reply with its number.",
                    "hi": "ऊपर हर योजना के साथ उसके पेज की वह शर्त है जिससे फ़ैसला हुआ, शब्दशः और लिंक के साथ; जो मैं जाँच नहीं सका, वह भी "
                          "लिखा है। कोई जवाब बदलना हो तो पूरा लिखें (जैसे: \"मेरी उम्र 45 साल है\"), मैं फिर से जाँचूँगा; किसी योजना के बारे में "
                          "पढ़ने के लिए उसका नंबर लिखें।"},
    "check_is_yours": {"en": "I check for you, the one writing: what you told me of a relative is not taken as yours. To check for them, "
                             "answer as if they were writing (for example: \"I am 65, a widow in Bihar\").",
                       "hi": "मैं आपकी, यानी लिखने वाले की, जाँच करता हूँ: किसी रिश्तेदार के बारे में बताई बात आपकी नहीं मानी जाती। उनकी जाँच के "
                             "लिए ऐसे जवाब दें जैसे वे खुद लिख रहे हों (जैसे: \"मैं 65 साल की हूँ, बिहार में विधवा हूँ\")।"},
    "left_out": {"en": "Left out by what you told me: {scheme}, whose page says: \u201c{quote}\u201d",
                 "hi": "आपकी बताई बात से छोड़ी गई: {scheme}, जिसके पेज पर लिखा है: \u201c{quote}\u201d"},
    "checking_discussed": {"en": "I will check {scheme}, the scheme we talked about (to check all schemes, send /eligibility).",
                           "hi": "मैं {scheme} की जाँच करूँगा, जिसकी हमने बात की (सभी योजनाएँ जाँचने के लिए /eligibility भेजें)।"},
    "checking_all_listed": {"en": "I will check all schemes, the ones listed above among them (to check one, write its name).",
                            "hi": "मैं सभी योजनाएँ जाँचूँगा, ऊपर दी गई भी (किसी एक को जाँचने के लिए उसका नाम लिखें)।"},
    "no_scheme_this": {"en": "We have not talked about a scheme yet, so I will check all schemes (to check one, write its name).",
                       "hi": "अभी तक किसी योजना की बात नहीं हुई, इसलिए मैं सभी योजनाएँ जाँचूँगा (किसी एक को जाँचने के लिए उसका नाम लिखें)।"},
    "switched_check": {"en": "I left the check of all schemes to check {scheme}; I keep what you told me, and /eligibility starts the check of all schemes again.",
                       "hi": "सभी योजनाओं की जाँच छोड़कर अब {scheme} की जाँच कर रहा हूँ; आपकी बताई बातें रखी हैं, और /eligibility से सभी योजनाओं की जाँच फिर शुरू होगी।"},
    "checking_named": {"en": "I take \"{said}\" to be {scheme}: I will check that scheme.",
                       "hi": "मैं \"{said}\" को {scheme} मान रहा हूँ: उसी योजना की जाँच करूँगा।"},
    "checking_already": {"en": "That is the check we are doing now ({scheme}). Please answer this:",
                         "hi": "यही जाँच अभी चल रही है ({scheme})। कृपया यह बताइए:"},
    "unknown_button": {"en": "I could not use that button. Please type your answer or your question.",
                       "hi": "मैं उस बटन को नहीं ले सका। कृपया अपना जवाब या सवाल लिखकर भेजें।"},
    "edited": {"en": "I only read new messages, not edits. Please send your corrected message again as a new message.",
               "hi": "मैं केवल नए संदेश पढ़ता हूँ, बदले हुए नहीं। कृपया सुधारा हुआ संदेश नए संदेश के रूप में भेजें।"},
    "greeting": {"en": "Namaste! Ask me about any government scheme, for example \"documents for PM-KISAN\", or send /eligibility to check what you may qualify for.",
                 "hi": "नमस्ते! किसी भी सरकारी योजना के बारे में पूछें, जैसे \"पीएम किसान के दस्तावेज़\", या पात्रता जाँचने के लिए /eligibility भेजें।"},
    "after_verdict": {"en": "To know more about a scheme of this check, write its name and what you want to know (for example: \"documents for ...\"). To check again, send /eligibility.",
                      "hi": "इस जाँच की किसी योजना के बारे में जानने के लिए उसका नाम और आपका सवाल लिखें (जैसे: \"... के लिए दस्तावेज़\")। फिर से जाँचने के लिए /eligibility भेजें।"},
    "life_event": {"en": "For {event}, these schemes may help (quoted from their pages):",
                   "hi": "{event} के लिए ये योजनाएँ मदद कर सकती हैं:"},
    "life_event_state": {"en": "These are central schemes. Tell me your state to see its own schemes too.",
                         "hi": "ये केंद्र की योजनाएँ हैं। अपने राज्य की योजनाएँ भी देखने के लिए अपना राज्य बताएँ।"},
    "nothing_to_stop": {"en": "There is no eligibility check running. Ask me about any scheme, or send /eligibility to start one.",
                        "hi": "अभी कोई पात्रता जाँच नहीं चल रही। किसी भी योजना के बारे में पूछें, या जाँच शुरू करने के लिए /eligibility भेजें।"},
    "dropped": {"en": "OK, I no longer take {values}.", "hi": "ठीक है, अब मैं {values} नहीं मानता।"},
    "thanks": {"en": "You're welcome. Ask me anything else about government schemes.", "hi": "आपका स्वागत है। योजनाओं के बारे में कुछ और पूछें।"},
    "bye": {"en": "Goodbye! Write any time you want to know about a government scheme.", "hi": "नमस्ते! सरकारी योजनाओं के बारे में जानना हो तो कभी भी लिखें।"},
    "ack": {"en": "Okay. Ask me about any government scheme whenever you like.", "hi": "ठीक है। जब चाहें किसी भी सरकारी योजना के बारे में पूछें।"},
    "unless": {"en": "Unless:", "hi": "बशर्ते यह लागू न हो:"},
    "no_such_option": {"en": "Please reply with a number from 1 to {n}.", "hi": "कृपया 1 से {n} तक का कोई नंबर लिखें।"},
    "no_such_option_one": {"en": "Only one scheme is listed above: reply 1 to read about it.", "hi": "ऊपर एक ही योजना है: उसके बारे में पढ़ने के लिए 1 लिखें।"},
    "no_such_option_check": {"en": "To read about a scheme above, reply with its number, from 1 to {n}. To change one of your answers, write it out (for example: \"my age is {said}\") and I will check again.",
                             "hi": "ऊपर की किसी योजना के बारे में पढ़ने के लिए उसका नंबर (1 से {n}) लिखें। अपना कोई जवाब बदलना हो तो उसे पूरा लिखें (जैसे: \"मेरी उम्र {said} साल है\"), मैं फिर से जाँच करूँगा।"},
    "no_such_option_check_one": {"en": "To read about the scheme above, reply 1. To change one of your answers, write it out (for example: \"my age is {said}\") and I will check again.",
                                 "hi": "ऊपर की योजना के बारे में पढ़ने के लिए 1 लिखें। अपना कोई जवाब बदलना हो तो उसे पूरा लिखें (जैसे: \"मेरी उम्र {said} साल है\"), मैं फिर से जाँच करूँगा।"},
    "which_need": {"en": "I know many schemes{where}. What do you need help with? Reply with a number, or in your own words.",
                   "hi": "मेरे पास{where} कई योजनाएँ हैं। आपको किस चीज़ में मदद चाहिए? नंबर लिखें, या अपने शब्दों में बताएँ।"},
    "which_listed": {"en": "Which of the schemes above do you mean? Reply with its number.",
                     "hi": "आप ऊपर की किस योजना के बारे में पूछ रहे हैं? उसका नंबर लिखें।"},
    "which_scheme": {"en": "Which scheme do you mean? For example: \"{example} for PM-KISAN\".",
                     "hi": "आप किस योजना के बारे में पूछ रहे हैं? जैसे: \"पीएम किसान {example}\"।"},
    "no_more": {"en": "There is nothing more to show. Ask me another question.",
                "hi": "इसके आगे कुछ नहीं है। कोई और सवाल पूछें।"},
    # the eligibility interview

    "stopped": {"en": "OK, I stopped the eligibility check. I keep what you told me; send /eligibility to continue later.",
                "hi": "ठीक है, पात्रता जाँच रोक दी। आपके दिए उत्तर सुरक्षित हैं; बाद में जारी रखने के लिए /eligibility भेजें।"},
    "skipped": {"en": "OK, skipped.", "hi": "ठीक है, छोड़ दिया।"},
    "unread_skipped": {"en": "I could not read an answer to that, so I am leaving it unknown and going on.",
                       "hi": "मैं इसका उत्तर नहीं पढ़ पाया, इसलिए इसे अज्ञात छोड़कर आगे बढ़ता हूँ।"},
    "percent_please": {"en": "What percentage is written on your certificate? ({example})", "hi": "प्रमाणपत्र पर कितने प्रतिशत लिखा है? ({example})"},
    "more_during_check": {"en": "Nothing more to show now: the eligibility check waits for your answer (or say \"skip\", or \"stop\" to end the check).",
                          "hi": "अभी दिखाने को और कुछ नहीं है: पात्रता जाँच आपके जवाब का इंतज़ार कर रही है (या \"skip\" कहें, या जाँच बंद करने के लिए \"stop\")।"},
    "reask": {"en": "Sorry, I could not understand that. {question} ({example})", "hi": "माफ़ कीजिए, समझ नहीं पाया। {question} ({example})"},
    "bpl_which_card": {"en": "Every family has a ration card: is yours a BPL or an Antyodaya (AAY) card? The type is printed on the card. (yes or no)",
                       "hi": "हर परिवार के पास राशन कार्ड होता है: क्या आपका कार्ड बीपीएल या अंत्योदय (AAY) कार्ड है? कार्ड का प्रकार उस पर छपा होता है। (हाँ या नहीं)"},
    "ages_conflict": {"en": "You gave more than one age ({ages}), so I have not noted either: please tell me your age again.",
                      "hi": "आपने एक से ज़्यादा उम्र बताई ({ages}), इसलिए मैंने कोई नोट नहीं की: कृपया अपनी उम्र फिर से बताएँ।"},
    "state_from_topic": {"en": "You asked about {state}'s schemes: reply \"yes\" if you live there.",
                         "hi": "आपने {state} की योजनाओं के बारे में पूछा था: अगर आप वहीं रहते हैं तो \"हाँ\" लिखें।"},
    "pin_not_state": {"en": "That looks like a PIN code. Which state or union territory do you live in? (for example: Bihar, UP, Tamil Nadu)",
                      "hi": "यह पिन कोड लगता है। आप किस राज्य या केंद्र शासित प्रदेश में रहते हैं? (जैसे: बिहार, यूपी, तमिलनाडु)"},
    "states_conflict": {"en": "You named more than one state ({states}), so I have not noted either: which state do you live in?",
                        "hi": "आपने एक से ज़्यादा राज्य बताए ({states}), इसलिए मैंने कोई नोट नहीं किया: आप किस राज्य में रहते हैं?"},
    "age_not_noted": {"en": "I have not noted the age {value}: I check schemes for ages from {low} to {high} years only.",
                      "hi": "मैंने उम्र {value} नोट नहीं की: मैं {low} से {high} साल तक की उम्र के लिए ही योजनाएँ जाँचता हूँ।"},
    "age_out_of_range": {"en": "I can check schemes for ages from {low} to {high} years only; {value} is outside that. {question} (a guardian can also answer with their own age)",
                         "hi": "मैं {low} से {high} साल तक की उम्र के लिए ही योजनाएँ जाँच सकता हूँ; {value} इससे बाहर है। {question} (अभिभावक अपनी उम्र भी बता सकते हैं)"},
    "why": {"en": "I ask because: {why} You can answer ({example}), say \"skip\" to leave it unknown, or \"stop\" to end the check.",
            "hi": "मैं इसलिए पूछ रहा हूँ: {why} आप उत्तर दें ({example}), \"skip\" कहकर छोड़ें, या \"stop\" कहकर जाँच बंद करें।"},
    "resume": {"en": "Back to your eligibility check: {question}", "hi": "आपकी पात्रता जाँच पर लौटते हैं: {question}"},
    "too_broad": {"en": "Many schemes would fit that: whom are they for, or what do you need? For example \"schemes for farmers in "
                        "Bihar\", \"scholarship for SC students\", \"pension for widows\", \"loan to start a business\". "
                        "To find the ones you may qualify for, send /eligibility.",
                  "hi": "इसमें बहुत सी योजनाएँ आती हैं: किसके लिए, या आपको क्या चाहिए? जैसे \"बिहार में किसानों के लिए योजनाएँ\", "
                        "\"एससी छात्रों के लिए छात्रवृत्ति\", \"विधवा पेंशन\", \"व्यवसाय के लिए लोन\"। "
                        "आपको कौन सी मिल सकती हैं, यह जानने के लिए /eligibility भेजें।"},
    "life_event_none": {"en": "I could not find a scheme for {event} among the central schemes or those of {state} that I can quote with confidence. The official search may have more: {link}",
                        "hi": "{event} के लिए केंद्र की या {state} की ऐसी कोई योजना नहीं मिली जिसे मैं भरोसे से quote कर सकूँ। आधिकारिक खोज में और हो सकती हैं: {link}"},
    "which_state_event": {"en": "For {event}, each state has its own schemes (for example {examples}). Which state do you live in?",
                          "hi": "{event} के लिए हर राज्य की अपनी योजनाएँ हैं (जैसे {examples})। आप किस राज्य में रहते हैं?"},
    "which_state": {"en": "Each state runs this scheme its own way (for example {examples}). Which state do you live in?",
                    "hi": "हर राज्य यह योजना अपने ढंग से चलाता है (जैसे {examples})। आप किस राज्य में रहते हैं?"},
    "state_dropped": {"en": "All right, I won't ask. Ask me anything else, or name your state in a question.",
                      "hi": "ठीक है, नहीं पूछूँगा। कुछ और पूछें, या सवाल में अपने राज्य का नाम लिखें।"},
    "state_skipped": {"en": "Without your state I can only look at central schemes and every state's.",
                      "hi": "आपके राज्य के बिना मैं केवल केंद्र की और सभी राज्यों की योजनाएँ देख सकता हूँ।"},
    "state_not_understood": {"en": "I did not recognise a state or union territory in \"{said}\". Which state do you live in? (Say \"skip\" to go on without one.)",
                             "hi": "\"{said}\" में मुझे कोई राज्य या केंद्र शासित प्रदेश नहीं मिला। आप किस राज्य में रहते हैं? (बिना राज्य के आगे बढ़ने के लिए \"skip\" लिखें।)"},
    "state_noted": {"en": "Noted: you live in {state}.", "hi": "नोट किया: आप {state} में रहते हैं।"},
    "state_versions_ask": {"en": "States run their own versions of this scheme too (for example {states}). Ask again with your state, for example: \"{example}\".",
                           "hi": "राज्य भी इस योजना के अपने रूप चलाते हैं (जैसे {states})। अपने राज्य के साथ फिर पूछें, जैसे: \"{example}\"।"},
    "exclusion_passed": {"en": "Does not apply to you:", "hi": "आप पर लागू नहीं:"},
    "event_told": {"en": "(met: you told me of this)", "hi": "(पूरी: यह आपने बताया है)"},
    "kind_why_not": {"en": "Why not, from each scheme's page:", "hi": "क्यों नहीं, हर योजना के पेज से:"},
    "was": {"en": "(was {old})", "hi": "(पहले {old})"},
    "other_language": {"en": "Sorry, I can reply only in English, Hindi or Hinglish (Hindi in Roman letters). Write \"in Hindi\" or \"in English\" to choose.",
                       "hi": "माफ़ कीजिए, मैं सिर्फ़ अंग्रेज़ी, हिंदी या हिंग्लिश (रोमन अक्षरों में हिंदी) में जवाब दे सकता हूँ। चुनने के लिए \"हिंदी में\" या \"in English\" लिखें।"},
    "other_script": {"en": "Sorry, I can read only English and Hindi (in Devanagari or Roman letters). Please write your question in one of them, for example: \"widow pension in Tamil Nadu\".",
                     "hi": "माफ़ कीजिए, मैं सिर्फ़ अंग्रेज़ी और हिंदी (देवनागरी या रोमन अक्षरों में) पढ़ सकता हूँ। कृपया इनमें से किसी में लिखें, जैसे: \"तमिलनाडु में विधवा पेंशन\"।"},
    "list_other_states": {"en": "A state's name in brackets means only that state runs the scheme. Tell me your state to see the central schemes and your state's own.",
                          "hi": "कोष्ठक में राज्य का नाम हो तो वह योजना सिर्फ़ उसी राज्य की है। अपना राज्य बताएँ तो केंद्र की और आपके राज्य की योजनाएँ दिखाऊँ।"},
    "state_versions": {"en": "States run their own versions of this scheme too (for example {states}). Tell me your state to see yours.",
                       "hi": "कई राज्य इस योजना के अपने रूप भी चलाते हैं (जैसे {states})। अपना राज्य बताएँ तो उसका दिखाऊँ।"},
    "no_state_version": {"en": "I have no scheme of {state}'s own for this; the central scheme above applies there too.",
                         "hi": "मेरे पास इसके लिए {state} की अपनी कोई योजना नहीं है; ऊपर की केंद्र की योजना वहाँ भी लागू है।"},
    "central_everywhere": {"en": "This is a central scheme: it is the same in {state}.", "hi": "यह केंद्र की योजना है: {state} में भी यही है।"},
    "state_assumed": {"en": "I looked at central schemes and those of {state}. Name another state to see its schemes.",
                      "hi": "मैंने केंद्र की और {state} की योजनाएँ देखीं। किसी और राज्य की योजनाएँ देखनी हों तो उसका नाम लिखें।"},
    "list_head": {"en": "Schemes that match ({n}):", "hi": "मिलती-जुलती योजनाएँ ({n}):"},
    "list_for_facts": {"en": "I searched with what you told me ({facts}).", "hi": "मैंने आपकी बताई जानकारी ({facts}) के साथ खोजा।"},
    "list_head_more": {"en": "Schemes that match (first {n}; reply MORE for the next):",
                       "hi": "मिलती-जुलती योजनाएँ (पहली {n}; अगली के लिए MORE लिखें):"},
    "list_more": {"en": "Reply MORE for the next schemes.", "hi": "अगली योजनाओं के लिए MORE लिखें।"},
    "noted": {"en": "Noted: {values}.", "hi": "नोट किया: {values}।"},
    "recheck": {"en": "Earlier you told me {field}: {value}. Is that still right? {question}",
                "hi": "पहले आपने {field} बताया था: {value}। क्या यह अब भी सही है? {question}"},
    "no_rules": {"en": "I have no eligibility rules for {scheme} yet, so I cannot check it for you. Its eligibility section says:",
                 "hi": "{scheme} के पात्रता नियम अभी मेरे पास नहीं हैं, इसलिए जाँच नहीं कर सकता। इसकी पात्रता में लिखा है:"},
    "eligible": {"en": "{scheme}: ELIGIBLE on every condition I can check.", "hi": "{scheme}: जिन शर्तों की मैं जाँच कर सकता हूँ, उन सब पर आप पात्र हैं।"},
    "likely_eligible": {"en": "{scheme}: LIKELY ELIGIBLE (these conditions come from myScheme's filters and were not checked by hand).",
                        "hi": "{scheme}: संभवतः पात्र (ये शर्तें myScheme के फ़िल्टर से हैं, हाथ से जाँची नहीं गईं)।"},
    "not_eligible": {"en": "{scheme}: NOT ELIGIBLE, because of this condition:", "hi": "{scheme}: पात्र नहीं, इस शर्त के कारण:"},
    "need_more_info": {"en": "{scheme}: I need more information: {fields}.", "hi": "{scheme}: और जानकारी चाहिए: {fields}।"},
    "screen_head": {"en": "Here is what I found from your answers.", "hi": "आपके उत्तरों के आधार पर यह मिला।"},
    "screen_none": {"en": "From your answers I found no scheme you qualify for yet.", "hi": "आपके उत्तरों से अभी कोई योजना नहीं मिली जिसके आप पात्र हों।"},
    "kind_head": {"en": "I checked {count} for “{kind}” against your answers.", "hi": "“{kind}” की {count} आपके उत्तरों से जाँचीं।"},
    "kind_none": {"en": "I checked {count} for “{kind}”: from your answers you qualify for none of them yet.",
                  "hi": "“{kind}” की {count} जाँचीं: आपके उत्तरों से अभी आप इनमें से किसी के पात्र नहीं हैं।"},
    "screen_missing": {"en": "Schemes not settled yet: {n}; most need: {fields}. Send /eligibility to answer more.",
                       "hi": "अभी तय नहीं हुई योजनाएँ: {n}; ज़्यादातर को चाहिए: {fields}। और उत्तर देने के लिए /eligibility भेजें।"},
    "screen_missing_plain": {"en": "Schemes not settled yet: {n}. Send /eligibility to answer more.",
                             "hi": "अभी तय नहीं हुई योजनाएँ: {n}। और उत्तर देने के लिए /eligibility भेजें।"},
    "confirm": {"en": "Please confirm at the official source before you apply: {url}", "hi": "आवेदन से पहले आधिकारिक स्रोत पर पुष्टि करें: {url}"},
    "unchecked": {"en": "I cannot check these conditions; you qualify only if they are true for you too:",
                  "hi": "इन शर्तों की जाँच मैं नहीं कर सकता; आप तभी पात्र हैं जब ये भी आप पर लागू हों:"},
    "unchecked_excluding": {"en": "I cannot check these exclusions; you do NOT qualify if any of them applies to you:",
                            "hi": "इन अपवादों की जाँच मैं नहीं कर सकता; इनमें से कोई भी आप पर लागू हो तो आप पात्र नहीं हैं:"},
    "likely_eligible_text": {"en": "{scheme}: LIKELY ELIGIBLE (these conditions were read from the scheme's page by a program and were not checked by hand).",
                             "hi": "{scheme}: संभवतः पात्र (ये शर्तें योजना के पेज से प्रोग्राम ने पढ़ीं, हाथ से जाँची नहीं गईं)।"},
    "excluded_by_said": {"en": "{scheme}: the conditions I can check are met, BUT the page excludes what you told me (read it below, with its exceptions).",
                         "hi": "{scheme}: जिन शर्तों की मैं जाँच कर सकता हूँ वे पूरी हैं, लेकिन आपने जो बताया उसे पेज बाहर रखता है (नीचे पढ़ें, अपवादों के साथ)।"},
    "you_said_this": {"en": "(you told me this)", "hi": "(यह आपने बताया)"},
    "event_unsaid": {"en": "{scheme}: ONLY IF THIS APPLIES TO YOU: it turns on an event you have not told me of (below). The conditions I can check are met.",
                     "hi": "{scheme}: केवल तभी, जब यह आप पर लागू हो: यह ऐसी घटना पर निर्भर है जो आपने नहीं बताई (नीचे)। जिन शर्तों की मैं जाँच कर सकता हूँ वे पूरी हैं।"},
    "event_not_yours": {"en": "{scheme}: NOT FOR YOU, by what you told me: it turns on a pregnancy (below).",
                        "hi": "{scheme}: आपकी बताई बातों के अनुसार आपके लिए नहीं: यह गर्भावस्था पर निर्भर है (नीचे)।"},
    "likely_eligible_hand": {"en": "{scheme}: LIKELY ELIGIBLE on the conditions I can check.",
                             "hi": "{scheme}: जिन शर्तों की मैं जाँच कर सकता हूँ, उन पर संभवतः पात्र।"},
    "offer_check": {"en": "Send /eligibility to see which schemes you may get.", "hi": "कौन सी योजनाएँ मिल सकती हैं, यह जानने के लिए /eligibility भेजें।"},
    "bad_correction": {"en": "Sorry, I could not read that correction. For example: \"actually my age is 62\".",
                       "hi": "माफ़ कीजिए, यह सुधार समझ नहीं पाया। जैसे: \"actually my age is 62\"।"},
    "unknown_scheme": {"en": "I don't know a scheme called \"{name}\", so I will check all schemes.",
                       "hi": "\"{name}\" नाम की योजना मैं नहीं जानता, इसलिए सभी योजनाओं की जाँच करूँगा।"},
    "screen_not": {"en": "Not eligible: {names}.", "hi": "पात्र नहीं: {names}।"},
    "screen_not_count": {"en": "Not eligible on your answers: {count}.", "hi": "आपके उत्तरों पर पात्र नहीं: {count}।"},
    "likely_eligible_short": {"en": "{scheme}: likely eligible", "hi": "{scheme}: संभवतः पात्र"},
    "broad_short": {"en": "{scheme}: matches only your state, age, gender or income", "hi": "{scheme}: केवल आपके राज्य, उम्र, लिंग या आय से मेल"},
    "closed_mark": {"en": "CLOSED (the official page says so):", "hi": "बंद (आधिकारिक पेज के अनुसार):"},
    "close_miss": {"en": "Close, but not eligible:", "hi": "करीब, पर पात्र नहीं:"},
    "depends_on": {"en": "Could be yours, depending on what I do not know yet:", "hi": "आपकी हो सकती है, जो अभी पता नहीं उस पर निर्भर:"},
    "if_applies": {"en": "If this applies to you:", "hi": "अगर यह आप पर लागू हो:"},
    "nothing_asked": {"en": "I have no question waiting for that answer (if I asked you one, I may have lost our conversation). "
                            "Send /eligibility to check which schemes you may get, or ask me about any scheme.",
                      "hi": "मेरा कोई सवाल इस जवाब का इंतज़ार नहीं कर रहा (अगर मैंने कुछ पूछा था, तो शायद हमारी बातचीत मुझसे छूट गई)। "
                            "कौन सी योजनाएँ मिल सकती हैं, यह जाँचने के लिए /eligibility भेजें, या किसी भी योजना के बारे में पूछें।"},
    "screen_broad_only": {"en": "These match only your state, age, gender or income; their other conditions are not checked:",
                          "hi": "ये केवल आपके राज्य, उम्र, लिंग या आय से मेल खाती हैं; इनकी बाकी शर्तें जाँची नहीं गईं:"},
    "screen_broad": {"en": "Of the schemes left for MORE, {n} match only your state, age, gender or income: their other conditions are not checked.",
                     "hi": "MORE के लिए रखी योजनाओं में से {n} केवल आपके राज्य, उम्र, लिंग या आय से मेल खाती हैं: उनकी बाकी शर्तें जाँची नहीं गईं।"},
    "verdict_more": {"en": "Reply MORE for {n} more.", "hi": "{n} और के लिए MORE लिखें।"},
    "confirm_all": {"en": "I checked only the conditions quoted; please confirm at the official link before you apply.",
                    "hi": "मैंने केवल उद्धृत शर्तें जाँचीं; आवेदन से पहले आधिकारिक लिंक पर पुष्टि करें।"},
    "unchecked_more": {"en": "(+{n} more conditions on the page: {url})", "hi": "(पेज पर {n} और शर्तें: {url})"},
    "you_said": {"en": "you said: {value}", "hi": "आपने बताया: {value}"},
}

#: Decline reasons (from the abstention gate) in the user's words.
DECLINE_REASONS: dict[str, dict[str, str]] = {
    "empty": {"en": "Your message was empty.", "hi": "आपका संदेश खाली था।"},
    "no_match": {"en": "Nothing in the scheme documents I have matches this.",
                 "hi": "मेरे पास की योजना-दस्तावेज़ों में इससे मिलता कुछ नहीं है।"},
    "low_confidence": {"en": "I am not confident that the scheme documents I have answer this.",
                       "hi": "मुझे भरोसा नहीं है कि मेरे दस्तावेज़ इसका उत्तर देते हैं।"},
    "out_of_scope": {"en": "This does not look like a question about a government scheme I have documents for.",
                     "hi": "यह उन सरकारी योजनाओं के बारे में सवाल नहीं लगता जिनके दस्तावेज़ मेरे पास हैं।"},
    "not_in_corpus": {"en": "I do not have the documents of that scheme.", "hi": "उस योजना के दस्तावेज़ मेरे पास नहीं हैं।"},
    "unknown_name": {"en": "I have no scheme of that name.", "hi": "उस नाम की कोई योजना मेरे पास नहीं है।"},
    "not_stated": {"en": "The documents I have do not state this (they hold no application status or payment dates).",
                   "hi": "मेरे पास के दस्तावेज़ों में यह नहीं लिखा है (उनमें आवेदन की स्थिति या भुगतान की तारीखें नहीं होतीं)।"},
    "not_stated_contact": {"en": "The documents I have give no helpline or place to complain for this.",
                           "hi": "मेरे पास के दस्तावेज़ों में इसके लिए कोई हेल्पलाइन या शिकायत की जगह नहीं दी है।"},
    "no_section": {"en": "The documents I have for that scheme do not cover what you asked.",
                   "hi": "उस योजना के मेरे पास के दस्तावेज़ों में आपके सवाल का उत्तर नहीं है।"},
}


#: The bot's own words in Romanized Hindi (Hinglish), for users who write Hindi in Latin letters. Latin
#: letters keep an SMS page GSM-7 (twice the room of a Devanagari page).
HINGLISH: dict[str, str] = {
    "start": (
        "Namaste! Main sarkari kalyan yojanayein dhoondhne, samajhne aur aapki patrata jaanchne mein madad karta hoon.\n"
        "English, Hindi ya Hinglish mein poochhiye, jaise: \"PM-KISAN mein kisano ko kitna paisa milta hai?\" ya "
        "\"kya main vriddhavastha pension ke liye patra hoon?\"\n"
        "Main sirf apne paas ke yojana dastavezon ko shabdshah quote karke, source, link aur tareekh ke saath jawab deta hoon. "
        "Jab mere dastavezon mein jawab nahi hota, main \"mujhe nahi pata\" kehkar official source batata hoon. "
        "Koi bhi rashi ya tareekh wahan confirm karein; main aapki taraf se aavedan nahi kar sakta.\n"
        "Commands: /help, /eligibility, /reset (phir se shuru), /forget (mera data mitayein), /lang en|hi|hinglish."
    ),
    "help": ("Kisi bhi yojana ke baare mein poochhiye: labh, kaun aavedan kar sakta hai, dastavez, aavedan kaise karein. "
             "\"documents?\" ya \"aur Ujjwala ke liye?\" jaise aage ke sawal bhi samajh aate hain.\n"
             "/eligibility - kaun si yojanayein mil sakti hain, jaanchein (main kuch sawal poochhunga; kisi ko bhi \"skip\" kahein)\n"
             "/reset - yeh baatcheet bhool jaayein\n/forget - aapke baare mein rakha sab kuch mitayein\n/lang en|hi|hinglish - jawab ki bhasha"),
    "reset": "Ho gaya, maine yeh baatcheet bhula di; aapne apne baare mein jo bataya woh rakha hai (mitane ke liye /forget bhejein). Aap kya jaanna chahte hain?",
    "forget_confirm": "Aapke baare mein rakha sab kuch (baatcheet aur patrata ke jawab) mita doon? Haan ya nahi likhein.",
    "forget_nothing": "Mere paas aapke baare mein kuch bhi rakha nahi hai, isliye mitane ko kuch nahi hai.",
    "forget_confirm_other": "Is number se {other} par aapne jo bataya woh mere paas rakha hai. Kya woh sab mita doon? Haan ya nahi likhein.",
    "forget_done": "Mita diya. Ab main aapke baare mein kuch nahi rakhta.",
    "forget_cancelled": "Theek hai, kuch nahi mitaya.",
    "forget_reask": "Apna data mitane ke liye haan likhein, rakhne ke liye nahi.",
    "lang_set": "Main Hinglish mein jawab doonga.",
    "quotes_stay": "Yojana ke quote official page ke apne shabdon (zyaadatar English) mein hi rahenge, taaki unmein kuch na badle.",
    "lang_usage": "/lang en, /lang hi ya /lang hinglish likhein.",
    "unknown_command": "Yeh command mujhe nahi pata. /help try karein.",
    "empty_text": "Aapka message khaali pahuncha. Apna sawal likhiye, jaise: \"PM-KISAN ke documents\".",
    "non_text": "Maaf kijiye, main sirf likhe hue message padh sakta hoon. Apna sawal likhiye, jaise: \"PM-KISAN ke documents\".",
    "private_number": "Kripya yahan Aadhaar, PAN, voter ID, bank khata ya phone number na bhejein: mujhe inki zaroorat nahi hai. Aapka bheja number maine nahi rakha.",
    "privacy_notice": "Yojanayein jaanchne ke liye aapki batayi jaankari main {period} tak rakhta hoon; ise kabhi bhi mitane ke liye /forget (ya DELETE) bhejein.",
    "privacy_notice_sms": "Aapki batayi jaankari {period} rakhunga; mitane ke liye DELETE bhejein.",
    "rate_limited": "Aap bahut jaldi-jaldi message bhej rahe hain. Kripya ek minute rukkar apna sawal phir bhejein.",
    "too_long": "Aapka message lamba tha, isliye maine khojne ke liye sirf uske pehle {limit} akshar use kiye.",
    "too_long_focus": "Aapka message lamba tha, isliye maine uske is hisse se khoja: \"{used}\"",
    "decline": "Mujhe nahi pata. {reason}",
    "decline_named": "Mujhe nahi pata. Main {scheme} ko jaanta hoon, par uske dastavez mere paas nahi hain, isliye quote nahi kar sakta.",
    "decline_unknown_name": "Mujhe nahi pata. \"{scheme}\" naam ki koi yojana mere paas ke dastavezon mein nahi hai, isliye uske baare mein quote nahi kar sakta; myScheme ki khoj mein mil sakti hai.",
    "decline_no_section": "Mujhe nahi pata. {scheme} ke jo dastavez mere paas hain, unmein aapke sawal ka jawab nahi hai; official page par zyada ho sakta hai.",
    "decline_not_stated": "Mujhe nahi pata. {scheme} ke jo dastavez mere paas hain, unmein aavedan ki sthiti ya bhugtan ki tareekhein nahi hoti, isliye main nahi bata sakta; official page par zyada ho sakta hai.",
    "decline_no_contact": "Mujhe nahi pata. {scheme} ke jo dastavez mere paas hain, unmein koi helpline ya shikayat ki jagah nahi di hai; official page par zyada ho sakta hai.",
    "official_sources": "Official source:",
    "sources": "Sources:",
    "source": "Source:",
    "lapsed": "Aapke pichhle jawab purane hokar mit gaye hain (aakhri message ke baad main unhe {period} rakhta hoon), isliye jaanch phir se shuru hoti hai.",
    "stateless_page": "(Meri yaaddasht abhi band hai: abhi itna hi bhej sakta hoon, MORE nahi.)",
    "stateless": "Meri yaaddasht abhi thodi der ke liye band hai, isliye main is message ka jawab alag se de raha hoon: uske lautne tak main baatcheet yaad nahi rakh sakta, jaanch aage nahi badha sakta, na MORE wale page bhej sakta hoon.",
    "stateless_yes_no": "Abhi main apne record tak nahi pahunch pa raha, isliye mujhe nahi pata ki yeh kis baat ka jawab hai. Agar aap jaankari mitane ki pushti kar rahe the, to abhi kuch nahi mita: kripya kuch minute baad /forget phir bhejein.",
    "stateless_not_kept": "Abhi main aapke baare mein batayi baatein rakh nahi sakta: kripya kuch minute baad phir bataiye, ya kisi yojana ke baare mein poochhiye.",
    "stateless_check": "Abhi main aapke jawab rakh nahi sakta, isliye patrata jaanch abhi nahi ho sakti: kripya kuch minute baad /eligibility phir bhejiye, ya kisi yojana ke baare mein poochhiye.",
    "stateless_forget": "Abhi main apne record tak nahi pahunch pa raha, isliye abhi kuch nahi mita. Kripya kuch minute baad /forget phir bhejein.",
    "stateless_reset": "Abhi main apne record tak nahi pahunch pa raha, isliye baatcheet abhi naye sire se shuru nahi hui. Kripya kuch minute baad /reset phir bhejein.",
    "error": "Maaf kijiye, meri taraf kuch gadbad hui. Thodi der mein phir koshish karein.",
    "stale_button": "Yeh button pichhle sawal ka hai, isliye maine use nahi kiya. Apna sawal, ya jis yojana ki baat hai uska naam ya number likhiye.",
    "income_period": "Kya ₹{amount} aapke parivar ki ek mahine ki aay hai, ya poore saal ki?",
    "per_month": "Mahine ki",
    "per_year": "Saal ki",
    "why_verdict": ("Upar har yojana ke saath uske page ki woh shart hai jisse faisla hua, shabdashah aur link ke saath; jo main jaanch nahi "
                    "saka, woh bhi likha hai. Koi jawab badalna ho to poora likhiye (jaise: \"meri umar 45 saal hai\"), main phir se jaanchunga; "
                    "kisi yojana ke baare mein padhne ke liye uska number likhiye."),
    "check_is_yours": ("Main aapki, yaani likhne wale ki, jaanch karta hoon: kisi rishtedar ke baare mein batayi baat aapki nahi maani jaati. "
                       "Unki jaanch ke liye aise jawab dijiye jaise woh khud likh rahe hon (jaise: \"main 65 saal ki hoon, Bihar mein vidhwa hoon\")."),
    "left_out": "Aapki batayi baat se chhodi gayi: {scheme}, jiske page par likha hai: \u201c{quote}\u201d",
    "checking_discussed": "Main {scheme} ki jaanch karunga, jiski humne baat ki (sabhi yojanayein jaanchne ke liye /eligibility bhejiye).",
    "checking_all_listed": "Main sabhi yojanayein jaanchunga, upar di gayi bhi (kisi ek ko jaanchne ke liye uska naam likhiye).",
    "no_scheme_this": "Abhi tak kisi yojana ki baat nahi hui, isliye main sabhi yojanayein jaanchunga (kisi ek ko jaanchne ke liye uska naam likhiye).",
    "switched_check": "Sabhi yojanaon ki jaanch chhodkar ab {scheme} ki jaanch kar raha hoon; aapki batayi baatein rakhi hain, aur /eligibility se sabhi yojanaon ki jaanch phir shuru hogi.",
    "checking_named": "Main \"{said}\" ko {scheme} maan raha hoon: usi yojana ki jaanch karunga.",
    "checking_already": "Yahi jaanch abhi chal rahi hai ({scheme}). Kripya yeh bataiye:",
    "unknown_button": "Yeh button mere kaam ka nahi hai. Kripya apna jawab ya sawal likh kar bhejiye.",
    "edited": "Main sirf naye message padhta hoon, edit nahi. Sahi kiya hua message naye message ki tarah bhejiye.",
    "greeting": "Namaste! Kisi bhi sarkari yojana ke baare mein poochhiye, jaise \"PM-KISAN ke documents\", ya /eligibility bhejkar dekhiye ki aapko kya mil sakta hai.",
    "after_verdict": "Is jaanch ki kisi yojana ke baare mein jaanne ke liye uska naam aur apna sawal likhiye (jaise: \"... ke documents\"). Phir se jaanchne ke liye /eligibility bhejiye.",
    "life_event": "{event} ke liye yeh yojanayein madad kar sakti hain (unke page se quote):",
    "life_event_state": "Yeh kendra ki yojanayein hain. Apne rajya ki yojanayein bhi dekhne ke liye apna rajya bataiye.",
    "nothing_to_stop": "Abhi koi patrata jaanch nahi chal rahi. Kisi bhi yojana ke baare mein poochhiye, ya jaanch shuru karne ke liye /eligibility bhejiye.",
    "dropped": "Theek hai, ab main {values} nahi maanta.",
    "thanks": "Aapka swagat hai. Sarkari yojanaon ke baare mein kuch aur poochhiye.",
    "bye": "Alvida! Sarkari yojanaon ke baare mein jaanna ho to kabhi bhi likhiye.",
    "ack": "Theek hai. Jab chahein kisi bhi sarkari yojana ke baare mein poochhiye.",
    "unless": "Agar yeh lagu na ho:",
    "no_such_option": "Kripya 1 se {n} tak ka koi number likhiye.",
    "no_such_option_one": "Upar ek hi yojana hai: uske baare mein padhne ke liye 1 likhiye.",
    "no_such_option_check_one": "Upar ki yojana ke baare mein padhne ke liye 1 likhiye. Apna koi jawab badalna ho to use poora likhiye (jaise: \"meri umar {said} saal hai\"), main phir se jaanch karunga.",
    "no_such_option_check": "Upar ki kisi yojana ke baare mein padhne ke liye uska number (1 se {n}) likhiye. Apna koi jawab badalna ho to use poora likhiye (jaise: \"meri umar {said} saal hai\"), main phir se jaanch karunga.",
    "which_need": "Mere paas{where} kai yojanayein hain. Aapko kis cheez mein madad chahiye? Number likhiye, ya apne shabdon mein bataiye.",
    "which_listed": "Aap upar ki kaun si yojana ke baare mein pooch rahe hain? Uska number likhiye.",
    "which_scheme": "Aap kaun si yojana ki baat kar rahe hain? Jaise: \"PM-KISAN ke {example}\".",
    "no_more": "Dikhane ko aur kuch nahi hai. Koi aur sawal poochhiye.",
    "stopped": "Theek hai, maine patrata jaanch rok di. Aapki batayi baatein yaad rakhta hoon; baad mein jaari rakhne ke liye /eligibility bhejiye.",
    "skipped": "Theek hai, chhod diya.",
    "unread_skipped": "Main iska jawab nahi padh paaya, isliye ise anjaan chhodkar aage badhta hoon.",
    "more_during_check": "Abhi dikhane ko aur kuch nahi hai: patrata jaanch aapke jawab ka intezaar kar rahi hai (ya \"skip\" kahein, ya jaanch rokne ke liye \"stop\").",
    "reask": "Maaf kijiye, yeh samajh nahi aaya. {question} ({example})",
    "bpl_which_card": "Har parivar ke paas ration card hota hai: kya aapka card BPL ya Antyodaya (AAY) card hai? Card ka prakar us par chhapa hota hai. (haan ya nahi)",
    "ages_conflict": "Aapne ek se zyada umar batayi ({ages}), isliye maine koi note nahi ki: kripya apni umar phir se bataiye.",
    "state_from_topic": "Aapne {state} ki yojanaon ke baare mein poocha tha: agar aap wahin rehte hain to \"haan\" likhein.",
    "pin_not_state": "Yeh PIN code lagta hai. Aap kis rajya ya kendra shasit pradesh mein rehte hain? (jaise: Bihar, UP, Tamil Nadu)",
    "states_conflict": "Aapne ek se zyada rajya bataye ({states}), isliye maine koi note nahi kiya: aap kis rajya mein rehte hain?",
    "age_not_noted": "Maine umar {value} note nahi ki: main {low} se {high} saal tak ki umar ke liye hi yojanayein jaanchta hoon.",
    "age_out_of_range": "Main {low} se {high} saal tak ki umar ke liye hi yojanayein jaanch sakta hoon; {value} isse bahar hai. {question} (abhibhavak apni umar bhi bata sakte hain)",
    "why": "Main isliye poochh raha hoon: {why} Aap jawab de sakte hain ({example}), \"skip\" keh kar chhod sakte hain, ya \"stop\" keh kar jaanch rok sakte hain.",
    "resume": "Wapas aapki patrata jaanch par: {question}",
    "too_broad": "Ismein bahut si yojanayein aati hain: kiske liye, ya aapko kya chahiye? Jaise \"Bihar mein kisanon ke liye yojana\", "
                 "\"SC chhatron ke liye scholarship\", \"vidhwa pension\", \"business ke liye loan\". "
                 "Aapko kaun si mil sakti hain, yeh jaanne ke liye /eligibility bhejiye.",
    "life_event_none": "{event} ke liye kendra ki ya {state} ki aisi koi yojana nahi mili jise main bharose se quote kar sakun. Official search mein aur ho sakti hain: {link}",
    "which_state_event": "{event} ke liye har rajya ki apni yojanayein hain (jaise {examples}). Aap kis rajya mein rehte hain?",
    "which_state": "Har rajya yeh yojana apne tareeke se chalata hai (jaise {examples}). Aap kis rajya mein rehte hain?",
    "state_dropped": "Theek hai, nahi poochhunga. Kuch aur poochhiye, ya sawal mein apne rajya ka naam likhiye.",
    "state_skipped": "Aapke rajya ke bina main sirf kendriya yojanayein aur har rajya ki yojanayein dekh sakta hoon.",
    "state_not_understood": "\"{said}\" mein mujhe koi rajya ya kendra shasit pradesh nahi mila. Aap kis rajya mein rehte hain? (Bina rajya ke aage badhne ke liye \"skip\" kahein.)",
    "state_noted": "Note kiya: aap {state} mein rehte hain.",
    "exclusion_passed": "Aap par laagu nahi:",
    "event_told": "(poori: yeh aapne bataya hai)",
    "kind_why_not": "Kyon nahi, har yojana ke page se:",
    "other_language": "Maaf kijiye, main sirf English, Hindi ya Hinglish mein jawab de sakta hoon. Chunne ke liye \"hindi me\" ya \"in English\" likhiye.",
    "other_script": "Maaf kijiye, main sirf English aur Hindi (Devanagari ya Roman akshar) padh sakta hoon. Kripya inmein se kisi mein likhiye, jaise: \"Tamil Nadu mein vidhwa pension\".",
    "was": "(pehle {old})",
    "list_other_states": "Bracket mein rajya ka naam ho to woh yojana sirf usi rajya ki hai. Apna rajya bataiye to kendra ki aur aapke rajya ki yojanayein dikhaun.",
    "state_versions": "Rajya bhi is yojana ke apne roop chalate hain (jaise {states}). Apna rajya bataiye to aapka wala dikhaun.",
    "state_versions_ask": "Rajya bhi is yojana ke apne roop chalate hain (jaise {states}). Apne rajya ke saath phir poochhiye, jaise: \"{example}\".",
    "no_state_version": "Mere paas iske liye {state} ki apni koi yojana nahi hai; upar ki kendra ki yojana wahan bhi laagu hai.",
    "central_everywhere": "Yeh kendra ki yojana hai: {state} mein bhi yahi hai.",
    "state_assumed": "Maine kendriya yojanayein aur {state} ki yojanayein dekhin. Doosre rajya ki yojanayein dekhne ke liye uska naam likhiye.",
    "list_head": "Milti-julti yojanayein ({n}):",
    "list_for_facts": "Maine aapki batayi jaankari ({facts}) ke saath khoja.",
    "list_head_more": "Milti-julti yojanayein (pehli {n}; agli ke liye MORE likhein):",
    "list_more": "Agli yojanaon ke liye MORE likhein.",
    "noted": "Note kiya: {values}.",
    "recheck": "Pehle aapne bataya tha {field}: {value}. Kya yeh ab bhi sahi hai? {question}",
    "no_rules": "{scheme} ke patrata niyam abhi mere paas nahi hain, isliye jaanch nahi kar sakta. Iski patrata mein likha hai:",
    "eligible": "{scheme}: jin sharton ki main jaanch kar sakta hoon, un sab par aap PATRA hain.",
    "likely_eligible": "{scheme}: SHAYAD PATRA (yeh shartein myScheme ke filter se hain, haath se jaanchi nahi gayin).",
    "not_eligible": "{scheme}: PATRA NAHI, is shart ke kaaran:",
    "need_more_info": "{scheme}: aur jaankari chahiye: {fields}.",
    "screen_head": "Aapke jawabon se yeh mila.",
    "screen_none": "Aapke jawabon se abhi koi yojana nahi mili jiske aap patra hon.",
    "kind_head": "“{kind}” ki {count} aapke jawabon se jaanchi.",
    "kind_none": "“{kind}” ki {count} jaanchi: aapke jawabon se abhi aap inmein se kisi ke patra nahi hain.",
    "screen_missing": "Abhi tay nahi hui yojanayein: {n}; zyadatar ko chahiye: {fields}. Aur jawab dene ke liye /eligibility bhejiye.",
    "screen_missing_plain": "Abhi tay nahi hui yojanayein: {n}. Aur jawab dene ke liye /eligibility bhejiye.",
    "confirm": "Aavedan se pehle official source par confirm karein: {url}",
    "unchecked": "In sharton ki jaanch main nahi kar sakta; aap tabhi patra hain jab yeh bhi aap par laagu hon:",
    "unchecked_excluding": "In apvaadon ki jaanch main nahi kar sakta; inmein se koi bhi aap par laagu ho to aap patra nahi hain:",
    "likely_eligible_text": "{scheme}: SHAYAD PATRA (yeh shartein yojana ke page se ek program ne padhin, haath se jaanchi nahi gayin).",
    "excluded_by_said": "{scheme}: jin sharton ki main jaanch kar sakta hoon ve poori hain, LEKIN aapne jo bataya use page bahar rakhta hai (neeche padhiye, apvaadon ke saath).",
    "you_said_this": "(yeh aapne bataya)",
    "event_unsaid": "{scheme}: SIRF TABHI, JAB YEH AAP PAR LAAGU HO: yeh aisi ghatna par nirbhar hai jo aapne nahi batayi (neeche). Jin sharton ki main jaanch kar sakta hoon, ve poori hain.",
    "event_not_yours": "{scheme}: aapki batayi baaton ke hisaab se AAPKE LIYE NAHI: yeh garbhavastha par nirbhar hai (neeche).",
    "likely_eligible_hand": "{scheme}: jin sharton ki main jaanch kar sakta hoon, un par SHAYAD PATRA.",
    "offer_check": "Kaun si yojanayein mil sakti hain, jaanne ke liye /eligibility bhejiye.",
    "bad_correction": "Maaf kijiye, yeh sudhaar samajh nahi aaya. Jaise: \"asal mein meri umar 62 hai\".",
    "unknown_scheme": "\"{name}\" naam ki koi yojana mujhe nahi pata, isliye main sabhi yojanayein jaanchunga.",
    "screen_not": "Patra nahi: {names}.",
    "screen_not_count": "Aapke jawabon par patra nahi: {count}.",
    "likely_eligible_short": "{scheme}: shayad patra",
    "broad_short": "{scheme}: sirf aapke rajya, umar, ling ya aay se mel",
    "closed_mark": "BAND (official page ke anusaar):",
    "close_miss": "Kareeb, par patra nahi:",
    "depends_on": "Aapki ho sakti hai, jo abhi pata nahi us par nirbhar:",
    "if_applies": "Agar yeh aap par laagu ho:",
    "nothing_asked": ("Mera koi sawal is jawab ka intezaar nahi kar raha (agar maine kuch poochha tha, to shayad hamari baatcheet mujhse chhoot "
                      "gayi). Kaun si yojanayein mil sakti hain, jaanchne ke liye /eligibility bhejiye, ya kisi bhi yojana ke baare mein poochhiye."),
    "screen_broad_only": "Yeh sirf aapke rajya, umar, ling ya aay se milti hain; inki baaki shartein jaanchi nahi gayin:",
    "percent_please": "Certificate par kitne percent likha hai? ({example})",
    "screen_broad": "MORE ke liye rakhi yojanaon mein se {n} sirf aapke rajya, umar, ling ya aay se milti hain: unki baaki shartein jaanchi nahi gayin.",
    "verdict_more": "{n} aur ke liye MORE likhein.",
    "confirm_all": "Maine sirf quote ki gayi shartein jaanchi hain; aavedan se pehle official link par confirm karein.",
    "unchecked_more": "(page par {n} aur shartein: {url})",
    "you_said": "aapne kaha: {value}",
}
#: Decline reasons in Romanized Hindi.
HINGLISH_REASONS: dict[str, str] = {
    "empty": "Aapka message khaali tha.",
    "no_match": "Mere paas ke yojana dastavezon mein isse milta kuch nahi hai.",
    "low_confidence": "Mujhe bharosa nahi hai ki mere paas ke yojana dastavez iska jawab dete hain.",
    "out_of_scope": "Yeh kisi aisi sarkari yojana ka sawal nahi lagta jiske dastavez mere paas hain.",
    "not_in_corpus": "Us yojana ke dastavez mere paas nahi hain.",
    "unknown_name": "Us naam ki koi yojana mere paas nahi hai.",
    "not_stated": "Mere paas ke dastavezon mein yeh nahi likha (unmein aavedan ki sthiti ya bhugtan ki tareekhein nahi hoti).",
    "not_stated_contact": "Mere paas ke dastavezon mein iske liye koi helpline ya shikayat ki jagah nahi di hai.",
    "no_section": "Us yojana ke jo dastavez mere paas hain, unmein aapke sawal ka jawab nahi hai.",
}


for _key, _text in HINGLISH.items():
    STRINGS[_key]["hinglish"] = _text
for _key, _text in HINGLISH_REASONS.items():
    DECLINE_REASONS[_key]["hinglish"] = _text

#: the reply languages: English, Hindi in Devanagari, Hindi in Latin letters
#: What a request for schemes with no need of its own is asked to narrow to ("bihar sarkar ki yojana"):
#: ``(English label, Hindi label, Hinglish label, the search it becomes)``; broad groups of myScheme's
#: own categories, the first few the ones people ask for most.
NEEDS: tuple[tuple[str, str, str, str], ...] = (
    ("Pension (old age, widow, disability)", "पेंशन (बुढ़ापा, विधवा, दिव्यांग)", "Pension (budhapa, vidhwa, divyang)",
     "+pension schemes for old age, widows and disability"),
    ("Farming", "खेती-किसानी", "Kheti-kisani", "schemes for farmers"),
    ("Education and scholarships", "पढ़ाई और छात्रवृत्ति", "Padhai aur scholarship", "scholarship schemes for students"),
    ("Health and treatment", "इलाज और स्वास्थ्य", "Ilaj aur swasthya", "free treatment in hospitals and health cover for families; financial help for treatment of serious illness"),
    ("A house", "घर", "Ghar", "housing schemes to build a house"),
    ("Jobs and skills", "रोज़गार और प्रशिक्षण", "Rozgar aur training", "employment and skill training schemes"),
    ("A loan for a business", "व्यवसाय के लिए लोन", "Business ke liye loan", "loan schemes to start a business"),
    ("Women and girls", "महिलाएँ और बेटियाँ", "Mahilayein aur betiyan", "schemes for women and girls"),
)


def need_label(i: int, lang: str | None) -> str:
    """The label of :data:`NEEDS` entry ``i`` in ``lang``."""
    en, hi, hinglish, _ = NEEDS[i]
    return {"hi": hi, "hinglish": hinglish}.get(lang or "en", en)


LANGUAGES = ("en", "hi", "hinglish")


def t(key: str, lang: str | None, **values: object) -> str:
    """The string ``key`` in ``lang`` (``hi``, ``hinglish``, or English for anything else), formatted with ``values``.

    Raises:
        KeyError: unknown ``key``.
    """
    table = STRINGS[key]
    return table.get(lang or "en", table["en"]).format(**values)


def reason_text(reason: str | None, lang: str | None) -> str:
    """A decline reason in the user's language."""
    table = DECLINE_REASONS.get(reason or "", DECLINE_REASONS["low_confidence"])
    return table.get(lang or "en", table["en"])
