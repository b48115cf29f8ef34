"use strict";
// Inside Job pages: the texts in English, Polish, Czech and Portuguese (the
// browser's language, or the one chosen with the switch), and what the pages
// share: cards, missions, roles and the words for states.
const ij = (() => {
  const T = {
    en: {
      camera: "Camera", photo: "Read a photo of the trick", take_camera: "Watch this table with the camera",
      no_scanner: "No scanner on this server: cards are entered here or on the phones.", cam_state: "Camera: %s · %s frames",
      cam_read: "trick read", cam_not: "not read (%s)", cam_starting: "starting", cam_other: "The camera watches another table.",
      cam_last: "The last photo read:", cam_none: "No camera on this server: send photos of the trick.",
      scan_events: "Entered from the photo: %s", scan_confirmed: "Seen as the referee has it: %s", scan_refused: "Not entered: %s",
      scan_nothing: "The photo changed nothing.",
      title: "Inside Job", lang: "Language", players: "Players, in seat order (clockwise, one per line)",
      dealer: "Dealer", dealer_last: "the last player", wagers: "Raising the stakes (intel wagers)",
      risky: "Risky missions", specials: "Special roles (4-5 players, at most two)", printed: "Our own printed mission deck (the lead enters the kept card)",
      start: "Start Inside Job", larry_hint: "Two players play with Larry, the virtual third player.",
      hold: "Hold to see your role", your_role: "Your role", intel: "intel", supply: "supply", missions: "missions",
      trick: "Trick", of: "of", lead: "lead", next: "next", dealer_tag: "dealer", larry_ctrl: "plays Larry",
      trump: "trump", led: "led", mission: "Mission", no_mission: "No mission yet",
      phase_partner: "The Accomplice picks a partner", phase_mission: "%s keeps a mission", phase_trick: "%s plays",
      phase_trick_done: "Trick complete: score it", phase_vote: "The vote: who is the Insider?", phase_over: "Game over",
      choose: "Keep one mission", choose_printed: "Enter the mission you kept", kept: "Keep", risky_must: "A risky mission was drawn: keep it.",
      play: "Tap the card you just played", play_larry: "Tap the card you played for Larry", wager: "Raise the stakes", score: "Score the trick",
      partner: "Pick your partner", partner_role: "Your partner %s is", vote: "Your vote", vote_two: "Pick two players", seal: "Seal my vote",
      voted: "Vote sealed: %s", waiting: "Waiting for", winner: "wins the trick", completed: "Mission completed", failed: "Mission failed",
      revealed: "Revealed", you_revealed: "Your role is revealed: you may no longer raise the stakes, and may no longer be voted for.",
      winners: "Winners", reason: "How it ended", votes: "The vote", replay: "Replay", revokes: "Provable revokes",
      revoke: "%s showed out of %s in trick %d and played it in trick %d", no_revokes: "No provable revokes.",
      enter_card: "Enter the card for", undo: "Undo last event", next_game: "Next game", same_again: "Inside Job again (next dealer)",
      seats: "Seats", show_qr: "Show join code", release: "Release", joined: "joined", free: "free",
      role_set: "Special roles in play", none: "none", partner_is: "%s's partner: %s", watching: "This seat watches.",
      moved: "intel", larry: "Larry", nobody: "nobody", hidden_hint: "Keep your phone flat; only you look at it.",
      reason_insider_intel: "The Insider reached the intel threshold", reason_missions: "The Agents completed their missions",
      reason_vote: "The vote decided", reason_wiretapped: "The Wiretapped agent held more than 1 intel",
      reason_risk_taking_revealed: "The Risk-taking agent was revealed", reason_professor_no: "Everyone else was revealed: Professor No wins",
      reason_professor_no_revealed: "Professor No was revealed", reason_decoy: "The Decoy got the most votes",
      colour_Y: "yellow", colour_P: "pink", colour_G: "green", colour_B: "blue",
      role_agent: "Agent", role_insider: "Insider", role_wiretapped: "Wiretapped agent", role_paranoid: "Paranoid agent",
      role_risk_taking: "Risk-taking agent", role_decoy: "Decoy", role_accomplice: "Accomplice", role_shady: "Shady type",
      role_sleeper: "Sleeper agent", role_professor_no: "Professor No", role_blank: "Blank role",
      do_agent: "Complete missions, follow suit, find the Insider.",
      do_insider: "Reach the intel threshold. You need not follow suit. Do not get caught in the vote.",
      do_wiretapped: "An Agent, revealed. If you ever hold more than 1 intel, the Insider wins.",
      do_paranoid: "An Agent. At the vote you name two different players.",
      do_risk_taking: "An Agent. The risky missions are in; if intel reveals you, the Agents win at once.",
      do_decoy: "Neutral. You win only with the most votes at the end.",
      do_accomplice: "Neutral, revealed. Pick a partner and see their role; you win if they win. You never hold intel and do not vote.",
      do_shady: "Neutral. You win if the player to your right loses. When revealed, take 1 intel from them.",
      do_sleeper: "An Agent while hidden; once revealed you win only if the Insider wins.",
      do_professor_no: "You replace the Insider and need not follow suit. You win when everyone else is revealed; you lose when revealed.",
      do_blank: "Your table's own role: play it as you agreed.",
      rev_agent: "You are no longer a suspect: you may not raise the stakes, and nobody may vote for you.",
      rev_paranoid: "You are no longer a suspect: you may not raise the stakes; at the vote you may put both votes on one player.",
      rev_decoy: "Nobody may vote for you now, so you can no longer win.",
      rev_shady: "You took 1 intel from the player to your right. You may no longer raise the stakes or vote.",
      rev_sleeper: "You switched sides: you now win only if the Insider wins. You may no longer raise the stakes or vote.",
      rev_wiretapped: "Revealed from the start: you never raise the stakes, and if you ever hold 2 intel the Insider wins.",
      rev_accomplice: "Revealed from the start: you never hold intel, never raise the stakes and do not vote.",
      rev_professor: "Revealed: you may no longer raise the stakes or vote.",
    },
    pl: {
      camera: "Kamera", photo: "Odczytaj zdjęcie lewy", take_camera: "Obserwuj ten stół kamerą",
      no_scanner: "Ten serwer nie ma skanera: karty wpisuje się tutaj lub na telefonach.", cam_state: "Kamera: %s · klatek: %s",
      cam_read: "lewa odczytana", cam_not: "nie odczytano (%s)", cam_starting: "uruchamianie", cam_other: "Kamera obserwuje inny stół.",
      cam_last: "Ostatnie odczytane zdjęcie:", cam_none: "Ten serwer nie ma kamery: wysyłaj zdjęcia lewy.",
      scan_events: "Wpisane ze zdjęcia: %s", scan_confirmed: "Zgodne z sędzią: %s", scan_refused: "Nie wpisano: %s",
      scan_nothing: "Zdjęcie niczego nie zmieniło.",
      title: "Krecia robota", lang: "Język", players: "Gracze w kolejności miejsc (zgodnie z ruchem wskazówek zegara, jeden w wierszu)",
      dealer: "Rozdający", dealer_last: "ostatni gracz", wagers: "Podbijanie stawki (żetony danych)",
      risky: "Ryzykowne misje", specials: "Role specjalne (4-5 graczy, najwyżej dwie)", printed: "Własna drukowana talia misji (prowadzący wpisuje zatrzymaną kartę)",
      start: "Zacznij Krecią robotę", larry_hint: "Dwoje graczy gra z Larrym, wirtualnym trzecim graczem.",
      hold: "Przytrzymaj, aby zobaczyć rolę", your_role: "Twoja rola", intel: "dane", supply: "pula", missions: "misje",
      trick: "Lewa", of: "z", lead: "prowadzi", next: "teraz", dealer_tag: "rozdaje", larry_ctrl: "gra za Larry'ego",
      trump: "atut", led: "wyjście", mission: "Misja", no_mission: "Jeszcze bez misji",
      phase_partner: "Wspólnik wybiera partnera", phase_mission: "%s wybiera misję", phase_trick: "Gra %s",
      phase_trick_done: "Lewa pełna: podlicz ją", phase_vote: "Głosowanie: kto jest kretem?", phase_over: "Koniec gry",
      choose: "Zatrzymaj jedną misję", choose_printed: "Wpisz zatrzymaną misję", kept: "Zatrzymaj", risky_must: "Wylosowano ryzykowną misję: trzeba ją zatrzymać.",
      play: "Dotknij karty, którą właśnie zagrałeś", play_larry: "Dotknij karty zagranej za Larry'ego", wager: "Podbij stawkę", score: "Podlicz lewę",
      partner: "Wybierz partnera", partner_role: "Twój partner %s to", vote: "Twój głos", vote_two: "Wybierz dwie osoby", seal: "Oddaj głos",
      voted: "Głos oddany: %s", waiting: "Czekamy na", winner: "bierze lewę", completed: "Misja wykonana", failed: "Misja nieudana",
      revealed: "Ujawniony", you_revealed: "Twoja rola jest ujawniona: nie możesz już podbijać stawki i nikt nie może na ciebie głosować.",
      winners: "Zwycięzcy", reason: "Jak się skończyło", votes: "Głosowanie", replay: "Przebieg gry", revokes: "Udowodnione niedołożenia",
      revoke: "%s nie dołożył(a) do koloru (%s) w lewie %d, a zagrał(a) ten kolor w lewie %d", no_revokes: "Brak udowodnionych niedołożeń.",
      enter_card: "Wpisz kartę gracza", undo: "Cofnij ostatnie zdarzenie", next_game: "Następna gra", same_again: "Jeszcze raz (następny rozdający)",
      seats: "Miejsca", show_qr: "Pokaż kod", release: "Zwolnij", joined: "dołączył", free: "wolne",
      role_set: "Role specjalne w grze", none: "brak", partner_is: "Partner gracza %s: %s", watching: "To miejsce tylko ogląda.",
      moved: "dane", larry: "Larry", nobody: "nikt", hidden_hint: "Trzymaj telefon płasko; patrzysz tylko ty.",
      reason_insider_intel: "Kret zebrał dość danych", reason_missions: "Agenci wykonali misje",
      reason_vote: "Zdecydowało głosowanie", reason_wiretapped: "Agent na podsłuchu miał więcej niż 1 żeton",
      reason_risk_taking_revealed: "Ryzykant został ujawniony", reason_professor_no: "Wszyscy inni ujawnieni: wygrywa Profesor No",
      reason_professor_no_revealed: "Profesor No został ujawniony", reason_decoy: "Przynęta dostała najwięcej głosów",
      colour_Y: "żółty", colour_P: "różowy", colour_G: "zielony", colour_B: "niebieski",
      role_agent: "Agent", role_insider: "Kret", role_wiretapped: "Agent na podsłuchu", role_paranoid: "Agent paranoik",
      role_risk_taking: "Ryzykant", role_decoy: "Przynęta", role_accomplice: "Wspólnik", role_shady: "Podejrzany typ",
      role_sleeper: "Uśpiony agent", role_professor_no: "Profesor No", role_blank: "Pusta rola",
      do_agent: "Wykonuj misje, dokładaj do koloru, znajdź kreta.",
      do_insider: "Zbierz dość danych. Nie musisz dokładać do koloru. Nie daj się wskazać w głosowaniu.",
      do_wiretapped: "Agent, ujawniony. Jeśli kiedykolwiek masz więcej niż 1 żeton, wygrywa kret.",
      do_paranoid: "Agent. W głosowaniu wskazujesz dwie różne osoby.",
      do_risk_taking: "Agent. Ryzykowne misje są w talii; jeśli dane cię ujawnią, agenci od razu wygrywają.",
      do_decoy: "Neutralny. Wygrywasz tylko z największą liczbą głosów na końcu.",
      do_accomplice: "Neutralny, ujawniony. Wybierz partnera i poznaj jego rolę; wygrywasz, gdy on wygrywa. Nie masz danych i nie głosujesz.",
      do_shady: "Neutralny. Wygrywasz, gdy gracz po twojej prawej przegra. Po ujawnieniu zabierz mu 1 żeton.",
      do_sleeper: "Agent, dopóki ukryty; po ujawnieniu wygrywasz tylko z kretem.",
      do_professor_no: "Zastępujesz kreta i nie musisz dokładać do koloru. Wygrywasz, gdy wszyscy inni są ujawnieni; przegrywasz po ujawnieniu.",
      do_blank: "Rola waszego stołu: graj, jak się umówiliście.",
      rev_agent: "Nie jesteś już podejrzany: nie możesz podbijać stawki i nikt nie może na ciebie głosować.",
      rev_paranoid: "Nie jesteś już podejrzany: nie możesz podbijać stawki; w głosowaniu możesz oddać oba głosy na jedną osobę.",
      rev_decoy: "Nikt nie może już na ciebie głosować, więc nie możesz wygrać.",
      rev_shady: "Zabrałeś 1 żeton graczowi po prawej. Nie możesz już podbijać stawki ani głosować.",
      rev_sleeper: "Zmieniłeś stronę: wygrywasz teraz tylko z kretem. Nie możesz już podbijać stawki ani głosować.",
      rev_wiretapped: "Ujawniony od początku: nie podbijasz stawki, a gdy będziesz mieć 2 żetony, wygrywa kret.",
      rev_accomplice: "Ujawniony od początku: nie masz danych, nie podbijasz stawki i nie głosujesz.",
      rev_professor: "Ujawniony: nie możesz już podbijać stawki ani głosować.",
    },
    cs: {
      camera: "Kamera", photo: "Přečíst fotku štychu", take_camera: "Sledovat tento stůl kamerou",
      no_scanner: "Tento server nemá skener: karty se zadávají zde nebo na telefonech.", cam_state: "Kamera: %s · snímků: %s",
      cam_read: "štych přečten", cam_not: "nepřečteno (%s)", cam_starting: "spouští se", cam_other: "Kamera sleduje jiný stůl.",
      cam_last: "Poslední přečtená fotka:", cam_none: "Tento server nemá kameru: posílejte fotky štychu.",
      scan_events: "Zadáno z fotky: %s", scan_confirmed: "Souhlasí s rozhodčím: %s", scan_refused: "Nezadáno: %s",
      scan_nothing: "Fotka nic nezměnila.",
      title: "Inside Job", lang: "Jazyk", players: "Hráči v pořadí míst (po směru hodinových ručiček, jeden na řádek)",
      dealer: "Rozdávající", dealer_last: "poslední hráč", wagers: "Zvyšování sázek (žetony informací)",
      risky: "Riskantní mise", specials: "Speciální role (4-5 hráčů, nejvýš dvě)", printed: "Vlastní tištěný balíček misí (vynášející zadá ponechanou kartu)",
      start: "Začít Inside Job", larry_hint: "Dva hráči hrají s Larrym, virtuálním třetím hráčem.",
      hold: "Podrž pro zobrazení role", your_role: "Tvoje role", intel: "info", supply: "zásoba", missions: "mise",
      trick: "Štych", of: "z", lead: "vynáší", next: "na tahu", dealer_tag: "rozdává", larry_ctrl: "hraje za Larryho",
      trump: "trumf", led: "vynesená barva", mission: "Mise", no_mission: "Zatím bez mise",
      phase_partner: "Komplic si vybírá partnera", phase_mission: "%s si nechává misi", phase_trick: "Hraje %s",
      phase_trick_done: "Štych je úplný: vyhodnoť ho", phase_vote: "Hlasování: kdo je krtek?", phase_over: "Konec hry",
      choose: "Nech si jednu misi", choose_printed: "Zadej misi, kterou sis nechal(a)", kept: "Nechat", risky_must: "Byla tažena riskantní mise: musíš si ji nechat.",
      play: "Klepni na kartu, kterou jsi právě zahrál(a)", play_larry: "Klepni na kartu zahranou za Larryho", wager: "Zvýšit sázku", score: "Vyhodnotit štych",
      partner: "Vyber si partnera", partner_role: "Tvůj partner %s je", vote: "Tvůj hlas", vote_two: "Vyber dva hráče", seal: "Odevzdat hlas",
      voted: "Hlas odevzdán: %s", waiting: "Čekáme na", winner: "bere štych", completed: "Mise splněna", failed: "Mise nesplněna",
      revealed: "Odhalen", you_revealed: "Tvoje role je odhalena: už nesmíš zvyšovat sázky a nikdo pro tebe nemůže hlasovat.",
      winners: "Vítězové", reason: "Jak to skončilo", votes: "Hlasování", replay: "Průběh hry", revokes: "Prokázané nepřiznání barvy",
      revoke: "%s nepřiznal(a) barvu (%s) ve štychu %d a zahrál(a) ji ve štychu %d", no_revokes: "Žádné prokázané nepřiznání.",
      enter_card: "Zadej kartu hráče", undo: "Vrátit poslední událost", next_game: "Další hra", same_again: "Znovu Inside Job (další rozdává)",
      seats: "Místa", show_qr: "Ukázat kód", release: "Uvolnit", joined: "připojen", free: "volné",
      role_set: "Speciální role ve hře", none: "žádné", partner_is: "Partner hráče %s: %s", watching: "Toto místo jen přihlíží.",
      moved: "info", larry: "Larry", nobody: "nikdo", hidden_hint: "Drž telefon naplocho; díváš se jen ty.",
      reason_insider_intel: "Krtek nasbíral dost informací", reason_missions: "Agenti splnili mise",
      reason_vote: "Rozhodlo hlasování", reason_wiretapped: "Odposlouchávaný agent měl víc než 1 žeton",
      reason_risk_taking_revealed: "Riskující agent byl odhalen", reason_professor_no: "Všichni ostatní odhaleni: vyhrává Profesor No",
      reason_professor_no_revealed: "Profesor No byl odhalen", reason_decoy: "Návnada dostala nejvíc hlasů",
      colour_Y: "žlutá", colour_P: "růžová", colour_G: "zelená", colour_B: "modrá",
      role_agent: "Agent", role_insider: "Krtek", role_wiretapped: "Odposlouchávaný agent", role_paranoid: "Paranoidní agent",
      role_risk_taking: "Riskující agent", role_decoy: "Návnada", role_accomplice: "Komplic", role_shady: "Podezřelý typ",
      role_sleeper: "Spící agent", role_professor_no: "Profesor No", role_blank: "Prázdná role",
      do_agent: "Plň mise, přiznávej barvu, najdi krtka.",
      do_insider: "Nasbírej dost informací. Nemusíš přiznávat barvu. Nenech se odhalit hlasováním.",
      do_wiretapped: "Agent, odhalený. Budeš-li mít kdykoli víc než 1 žeton, vyhrává krtek.",
      do_paranoid: "Agent. Při hlasování jmenuješ dva různé hráče.",
      do_risk_taking: "Agent. Riskantní mise jsou ve hře; odhalí-li tě informace, agenti hned vyhrávají.",
      do_decoy: "Neutrální. Vyhraješ jen s nejvíce hlasy na konci.",
      do_accomplice: "Neutrální, odhalený. Vyber partnera a uvidíš jeho roli; vyhraješ, když vyhraje on. Nikdy nemáš informace a nehlasuješ.",
      do_shady: "Neutrální. Vyhraješ, když hráč po tvé pravici prohraje. Po odhalení mu vezmi 1 žeton.",
      do_sleeper: "Agent, dokud jsi skrytý; po odhalení vyhraješ jen s krtkem.",
      do_professor_no: "Nahrazuješ krtka a nemusíš přiznávat barvu. Vyhraješ, když jsou odhaleni všichni ostatní; prohraješ, když tě odhalí.",
      do_blank: "Role vašeho stolu: hraj, jak jste se domluvili.",
      rev_agent: "Už nejsi podezřelý: nesmíš zvyšovat sázky a nikdo pro tebe nemůže hlasovat.",
      rev_paranoid: "Už nejsi podezřelý: nesmíš zvyšovat sázky; při hlasování smíš dát oba hlasy jednomu hráči.",
      rev_decoy: "Nikdo pro tebe už nemůže hlasovat, takže už nemůžeš vyhrát.",
      rev_shady: "Vzal(a) sis 1 žeton od hráče po pravici. Už nesmíš zvyšovat sázky ani hlasovat.",
      rev_sleeper: "Přešel jsi na druhou stranu: vyhraješ jen s krtkem. Už nesmíš zvyšovat sázky ani hlasovat.",
      rev_wiretapped: "Odhalen od začátku: nikdy nezvyšuješ sázky, a budeš-li mít 2 žetony, vyhrává krtek.",
      rev_accomplice: "Odhalen od začátku: nikdy nemáš informace, nezvyšuješ sázky a nehlasuješ.",
      rev_professor: "Odhalen: už nesmíš zvyšovat sázky ani hlasovat.",
    },
    pt: {
      camera: "Câmara", photo: "Ler uma foto da vaza", take_camera: "Vigiar esta mesa com a câmara",
      no_scanner: "Este servidor não tem leitor: as cartas entram aqui ou nos telemóveis.", cam_state: "Câmara: %s · %s imagens",
      cam_read: "vaza lida", cam_not: "não lida (%s)", cam_starting: "a iniciar", cam_other: "A câmara vigia outra mesa.",
      cam_last: "A última foto lida:", cam_none: "Este servidor não tem câmara: envie fotos da vaza.",
      scan_events: "Entrou pela foto: %s", scan_confirmed: "Visto como o árbitro tem: %s", scan_refused: "Não entrou: %s",
      scan_nothing: "A foto não mudou nada.",
      title: "Inside Job", lang: "Idioma", players: "Jogadores pela ordem dos lugares (sentido horário, um por linha)",
      dealer: "Quem dá as cartas", dealer_last: "o último jogador", wagers: "Aumentar a aposta (fichas de informação)",
      risky: "Missões arriscadas", specials: "Papéis especiais (4-5 jogadores, no máximo dois)", printed: "O nosso baralho de missões impresso (quem abre indica a carta mantida)",
      start: "Começar Inside Job", larry_hint: "Dois jogadores jogam com o Larry, o terceiro jogador virtual.",
      hold: "Mantenha premido para ver o seu papel", your_role: "O seu papel", intel: "info", supply: "reserva", missions: "missões",
      trick: "Vaza", of: "de", lead: "abre", next: "joga", dealer_tag: "dá as cartas", larry_ctrl: "joga pelo Larry",
      trump: "trunfo", led: "naipe de saída", mission: "Missão", no_mission: "Ainda sem missão",
      phase_partner: "O Cúmplice escolhe um parceiro", phase_mission: "%s escolhe uma missão", phase_trick: "Joga %s",
      phase_trick_done: "Vaza completa: conte-a", phase_vote: "A votação: quem é o infiltrado?", phase_over: "Fim do jogo",
      choose: "Fique com uma missão", choose_printed: "Indique a missão que manteve", kept: "Manter", risky_must: "Saiu uma missão arriscada: tem de ficar com ela.",
      play: "Toque na carta que acabou de jogar", play_larry: "Toque na carta jogada pelo Larry", wager: "Aumentar a aposta", score: "Contar a vaza",
      partner: "Escolha o seu parceiro", partner_role: "O seu parceiro %s é", vote: "O seu voto", vote_two: "Escolha dois jogadores", seal: "Selar o voto",
      voted: "Voto selado: %s", waiting: "À espera de", winner: "ganha a vaza", completed: "Missão cumprida", failed: "Missão falhada",
      revealed: "Revelado", you_revealed: "O seu papel foi revelado: já não pode aumentar a aposta nem receber votos.",
      winners: "Vencedores", reason: "Como acabou", votes: "A votação", replay: "Repetição", revokes: "Renúncias provadas",
      revoke: "%s não serviu o naipe %s na vaza %d e jogou-o na vaza %d", no_revokes: "Nenhuma renúncia provada.",
      enter_card: "Indique a carta de", undo: "Desfazer o último evento", next_game: "Próximo jogo", same_again: "Inside Job outra vez (próximo a dar)",
      seats: "Lugares", show_qr: "Mostrar código", release: "Libertar", joined: "ligado", free: "livre",
      role_set: "Papéis especiais em jogo", none: "nenhum", partner_is: "Parceiro de %s: %s", watching: "Este lugar só assiste.",
      moved: "info", larry: "Larry", nobody: "ninguém", hidden_hint: "Mantenha o telemóvel deitado; só você olha.",
      reason_insider_intel: "O infiltrado juntou informação suficiente", reason_missions: "Os agentes cumpriram as missões",
      reason_vote: "A votação decidiu", reason_wiretapped: "O agente sob escuta teve mais de 1 ficha",
      reason_risk_taking_revealed: "O agente arrojado foi revelado", reason_professor_no: "Todos os outros revelados: ganha o Professor No",
      reason_professor_no_revealed: "O Professor No foi revelado", reason_decoy: "O Isco teve mais votos",
      colour_Y: "amarelo", colour_P: "rosa", colour_G: "verde", colour_B: "azul",
      role_agent: "Agente", role_insider: "Infiltrado", role_wiretapped: "Agente sob escuta", role_paranoid: "Agente paranoico",
      role_risk_taking: "Agente arrojado", role_decoy: "Isco", role_accomplice: "Cúmplice", role_shady: "Tipo suspeito",
      role_sleeper: "Agente adormecido", role_professor_no: "Professor No", role_blank: "Papel em branco",
      do_agent: "Cumpra missões, sirva o naipe, descubra o infiltrado.",
      do_insider: "Junte informação suficiente. Não precisa de servir o naipe. Não seja apanhado na votação.",
      do_wiretapped: "Agente, revelado. Se alguma vez tiver mais de 1 ficha, o infiltrado ganha.",
      do_paranoid: "Agente. Na votação indica dois jogadores diferentes.",
      do_risk_taking: "Agente. As missões arriscadas estão no baralho; se a informação o revelar, os agentes ganham logo.",
      do_decoy: "Neutro. Só ganha com mais votos no fim.",
      do_accomplice: "Neutro, revelado. Escolha um parceiro e veja o papel dele; ganha se ele ganhar. Nunca tem informação e não vota.",
      do_shady: "Neutro. Ganha se o jogador à sua direita perder. Quando revelado, tire-lhe 1 ficha.",
      do_sleeper: "Agente enquanto escondido; depois de revelado só ganha se o infiltrado ganhar.",
      do_professor_no: "Substitui o infiltrado e não precisa de servir o naipe. Ganha quando todos os outros forem revelados; perde quando revelado.",
      do_blank: "O papel da vossa mesa: jogue como combinaram.",
      rev_agent: "Já não é suspeito: não pode aumentar a aposta e ninguém pode votar em si.",
      rev_paranoid: "Já não é suspeito: não pode aumentar a aposta; na votação pode pôr os dois votos no mesmo jogador.",
      rev_decoy: "Ninguém pode votar em si agora, por isso já não pode ganhar.",
      rev_shady: "Tirou 1 ficha ao jogador à sua direita. Já não pode aumentar a aposta nem votar.",
      rev_sleeper: "Mudou de lado: agora só ganha se o infiltrado ganhar. Já não pode aumentar a aposta nem votar.",
      rev_wiretapped: "Revelado desde o início: nunca aumenta a aposta e, se tiver 2 fichas, o infiltrado ganha.",
      rev_accomplice: "Revelado desde o início: nunca tem informação, não aumenta a aposta e não vota.",
      rev_professor: "Revelado: já não pode aumentar a aposta nem votar.",
    },
  };
  // Mission texts by id; English is the engine's own text.
  const M = {
    pl: {M01: "Każda karta ma 7 lub więcej.", M02: "Każda karta ma 7 lub mniej.", M03: "Każda karta jest nieparzysta.", M04: "Każda karta jest parzysta.",
      M05: "Środkowa karta jest nieparzysta (przy 4 kartach: obie środkowe).", M06: "Każda karta jest wyższa od poprzedniej.", M07: "Każda karta jest niższa od poprzedniej.",
      M08: "Wygrywa pierwsza karta.", M09: "Wygrywa ostatnia karta.", M10: "Wygrywa druga karta.", M11: "Zwycięska karta nie jest najwyższą liczbą.",
      M12: "Zwycięska karta ma 6 lub mniej.", M13: "Wszystkie karty w jednym kolorze.", M14: "Żadnego atutu.", M15: "Dokładnie dwa kolory.", M16: "Dokładnie jeden atut.",
      M17: "Nikt nie podbija stawki.", M18: "Ktoś podbija stawkę.", M19: "Dwie karty mają tę samą liczbę.", M20: "Suma jest nieparzysta.",
      M21: "Suma to co najmniej 8 na kartę.", M22: "Suma to najwyżej 6 na kartę.", M23: "Pierwsza i ostatnia karta w tym samym kolorze.", M24: "Wygrywa atut.",
      R1: "Każda karta ma 9 lub więcej.", R2: "Wszystkie karty w kolorze wyjścia, który nie jest atutem; bez podbijania.", R3: "Zwycięska karta ma 3 lub mniej; bez podbijania.", R4: "Każda karta różni się od pierwszej najwyżej o 2."},
    cs: {M01: "Každá karta je 7 nebo vyšší.", M02: "Každá karta je 7 nebo nižší.", M03: "Každá karta je lichá.", M04: "Každá karta je sudá.",
      M05: "Prostřední karta je lichá (při 4 kartách obě prostřední).", M06: "Každá karta je vyšší než předchozí.", M07: "Každá karta je nižší než předchozí.",
      M08: "Vyhrává první karta.", M09: "Vyhrává poslední karta.", M10: "Vyhrává druhá karta.", M11: "Vítězná karta není nejvyšší číslo.",
      M12: "Vítězná karta je 6 nebo nižší.", M13: "Všechny karty jedné barvy.", M14: "Žádný trumf.", M15: "Přesně dvě barvy.", M16: "Přesně jeden trumf.",
      M17: "Nikdo nezvyšuje sázku.", M18: "Někdo zvýší sázku.", M19: "Dvě karty mají stejné číslo.", M20: "Součet je lichý.",
      M21: "Součet je aspoň 8 na kartu.", M22: "Součet je nejvýš 6 na kartu.", M23: "První a poslední karta mají stejnou barvu.", M24: "Vyhrává trumf.",
      R1: "Každá karta je 9 nebo vyšší.", R2: "Všechny karty ve vynesené barvě, která není trumf; bez zvyšování.", R3: "Vítězná karta je 3 nebo nižší; bez zvyšování.", R4: "Každá karta se liší od první nejvýš o 2."},
    pt: {M01: "Todas as cartas são 7 ou mais.", M02: "Todas as cartas são 7 ou menos.", M03: "Todas as cartas são ímpares.", M04: "Todas as cartas são pares.",
      M05: "A carta do meio é ímpar (com 4 cartas: as duas do meio).", M06: "Cada carta é mais alta do que a anterior.", M07: "Cada carta é mais baixa do que a anterior.",
      M08: "Ganha a primeira carta.", M09: "Ganha a última carta.", M10: "Ganha a segunda carta.", M11: "A carta vencedora não é o número mais alto.",
      M12: "A carta vencedora é 6 ou menos.", M13: "Todas as cartas da mesma cor.", M14: "Nenhum trunfo.", M15: "Exatamente duas cores.", M16: "Exatamente um trunfo.",
      M17: "Ninguém aumenta a aposta.", M18: "Alguém aumenta a aposta.", M19: "Duas cartas têm o mesmo número.", M20: "A soma é ímpar.",
      M21: "A soma é pelo menos 8 por carta.", M22: "A soma é no máximo 6 por carta.", M23: "A primeira e a última carta têm a mesma cor.", M24: "Ganha um trunfo.",
      R1: "Todas as cartas são 9 ou mais.", R2: "Todas as cartas no naipe de saída, que não é trunfo; sem apostas.", R3: "A carta vencedora é 3 ou menos; sem apostas.", R4: "Cada carta está a 2 ou menos da primeira."},
  };
  const langs = ["en", "pl", "cs", "pt"];
  // One language for every page of fieldkit: the choice the shared switch
  // keeps (app.js, "fieldkit-lang"), else the browser's, else English.
  const pick = () => (langs.includes(fk.lang) ? fk.lang : "en");
  let lang = pick();
  const t = (key, ...args) => {
    let s = (T[lang] && T[lang][key]) || T.en[key] || key;
    for (const a of args) s = s.replace(/%[sd]/, a);
    return s;
  };
  const api = {
    t, langs,
    get lang() { return lang; },
    // setLang keeps the choice for every page and reloads this one, so
    // that the shared parts (the header, the banners) change too.
    setLang(l) {
      try { localStorage.setItem("fieldkit-lang", l); } catch (e) { /* private mode */ }
      fk.setLang(l); // the table's language on the host page, this phone's own on a seat
    },
    // apply translates every element with data-t (and data-t-placeholder).
    apply(root) {
      for (const e of root.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
      document.documentElement.lang = lang;
    },
    // scanText says what a photo of the trick did: the cards and wagers it
    // entered, what it saw as the referee has it, what it could not enter.
    scanText(r) {
      const parts = [];
      const evs = (r.events || []).map((e) => e.type === "play" ? e.by + " " + e.card : e.by + " · " + t("wager"));
      if (evs.length) parts.push(t("scan_events", evs.join(", ")));
      if (r.confirmed && r.confirmed.length) parts.push(t("scan_confirmed", r.confirmed.join(", ")));
      if (r.refused) parts.push(t("scan_refused", fk.translateText(r.refused)));
      return parts.length ? parts.join(" · ") : t("scan_nothing");
    },
    // langSwitch fills a <select> with the languages.
    langSwitch(sel) {
      if (!sel) return;
      for (const l of langs) sel.append(new Option(fk.t(fk.langs[l]), l));
      sel.value = lang;
      sel.addEventListener("change", () => api.setLang(sel.value));
    },
    role(r) { return r ? t("role_" + r) : ""; },
    roleDo(r) { return r ? t("do_" + r) : ""; },
    colour(c) { return t("colour_" + c); },
    missionText(m) { return (M[lang] && M[lang][m.id]) || m.text; },
    reason(r) { return t("reason_" + r); },
    // card draws a number card, e.g. "P8", as a coloured tile.
    card(code, wager) {
      const e = fk.el("span", "ij-card c-" + code[0], code.slice(1));
      e.title = ij.colour(code[0]) + " " + code.slice(1);
      if (wager) { e.classList.add("wager"); e.append(fk.el("span", "token", "●")); }
      return e;
    },
    // mission draws a mission card.
    mission(m) {
      const e = fk.el("div", "ij-mission t-" + m.trump);
      e.append(fk.el("span", "mid", m.id), fk.el("span", "mtext", ij.missionText(m)),
        fk.el("span", "mtrump", t("trump") + ": " + ij.colour(m.trump)));
      return e;
    },
    // phaseText says whose turn it is.
    phaseText(v) {
      switch (v.phase) {
        case "partner": return t("phase_partner");
        case "mission": return t("phase_mission", v.lead);
        case "trick": return v.next ? t("phase_trick", v.next) : t("phase_trick_done");
        case "vote": return t("phase_vote");
      }
      return t("phase_over") + (v.reason ? " · " + ij.reason(v.reason) : "");
    },
    // players draws the seats with intel, tags and revealed roles.
    players(d, me) {
      const v = d.state;
      const ul = fk.el("ul", "ij-players");
      for (const p of v.players) {
        const li = fk.el("li", "ij-player");
        li.dataset.name = p.name;
        if (p.name === me) li.classList.add("me");
        if (p.name === v.next) li.classList.add("next");
        const name = fk.el("span", "pname", p.name);
        const tags = [];
        if (p.name === v.dealer) tags.push(t("dealer_tag"));
        if (p.name === v.lead) tags.push(t("lead"));
        if (p.name === v.larry_controller) tags.push(t("larry_ctrl"));
        const intel = fk.el("span", "pintel", "●".repeat(p.intel) || "–");
        intel.title = p.intel + " " + t("intel");
        intel.dataset.intel = p.intel;
        li.append(name, intel);
        if (tags.length) li.append(fk.el("span", "ptags", tags.join(" · ")));
        if (p.revealed) li.append(fk.el("span", "prole r-" + p.revealed, ij.role(p.revealed)));
        ul.append(li);
      }
      return ul;
    },
    // trick draws the current trick (or the last one) with the led colour.
    trick(plays) {
      const div = fk.el("div", "ij-trick");
      for (const p of plays) {
        const slot = fk.el("div", "slot");
        slot.append(ij.card(p.card, p.wager), fk.el("span", "by", p.by));
        div.append(slot);
      }
      return div;
    },
    // over draws the end: winners, reason, votes, the replay and the revokes.
    over(d) {
      const v = d.state;
      const box = fk.el("section", "ij-over");
      box.append(fk.el("h2", "", t("winners") + ": " + (v.winners || []).join(", ")),
        fk.el("p", "", ij.reason(v.reason)));
      const roles = fk.el("ul", "ij-roles");
      for (const p of v.players) roles.append(fk.el("li", "r-" + p.revealed, p.name + ": " + ij.role(p.revealed)));
      box.append(roles);
      if (v.votes && v.votes.length) {
        box.append(fk.el("h3", "", t("votes")));
        const ul = fk.el("ul", "ij-votes");
        for (const x of v.votes) ul.append(fk.el("li", "", x.by + " → " + x.for.join(", ")));
        box.append(ul);
      }
      box.append(fk.el("h3", "", t("revokes")));
      if (!v.revokes || !v.revokes.length) box.append(fk.el("p", "hint", t("no_revokes")));
      else {
        const ul = fk.el("ul", "ij-revokes");
        for (const r of v.revokes) ul.append(fk.el("li", "", t("revoke", r.player, ij.colour(r.colour), r.showed_out, r.played)));
        box.append(ul);
      }
      if (d.replay && d.replay.length) {
        box.append(fk.el("h3", "", t("replay")));
        const ol = fk.el("ol", "ij-replay");
        for (const r of d.replay) {
          const li = fk.el("li");
          li.append(fk.el("span", "rm t-" + r.mission.trump, r.mission.id), ij.trick(r.plays),
            fk.el("span", "rw", r.winner + " · " + t(r.result)));
          ol.append(li);
        }
        box.append(ol);
      }
      return box;
    },
    // lastText says what the trick just resolved did.
    last(d) {
      const l = d.last_trick;
      const box = fk.el("div", "ij-last " + l.result);
      box.append(fk.el("p", "lw", l.winner + " " + t("winner") + " · " + t(l.result) + " (" + l.mission.id + ")"), ij.trick(l.plays));
      const moved = l.moved.filter((m) => m.intel !== 0).map((m) => m.name + " " + (m.intel > 0 ? "+" : "") + m.intel);
      if (moved.length) box.append(fk.el("p", "lm", t("moved") + ": " + moved.join(", ")));
      if (l.revealed) box.append(fk.el("p", "lr", t("revealed") + ": " + l.revealed.map((n) => n + " (" + ij.role(d.state.players.find((p) => p.name === n).revealed) + ")").join(", ")));
      return box;
    },
  };
  return api;
})();
