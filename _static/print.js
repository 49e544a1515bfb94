/* Printed handouts: before printing, gather the right answers of the page's questions
   (blocks with class bd-quiz; the answer key in a hidden bd-quiz-answer, or the right
   answer marked bd-quiz-right) into an "Answers"
   section at the end, numbered like the questions, and mark the page so print.css
   hides the answers in place. tools/print_handouts.py calls bdGatherAnswers() itself;
   the browser's own Print runs it through the beforeprint event. */
(function () {
  "use strict";
  // The page's own words, in its edition's language (site/ext/templates/lang-switch.html).
  function words() {
    var found = document.querySelector(".bd-page-words");
    var data = found ? found.dataset : {};
    return {
      answers: data.answers || "Answers",
      question: data.question || "Question",
      worksheet: data.worksheet || "Worksheet",
      see: data.see || "(see the chapter)",
    };
  }
  function text(node) {
    return (node.getAttribute("data-answer") || node.textContent || "").replace(/\s+/g, " ").trim();
  }
  function gather() {
    var article = document.querySelector("article.bd-article") || document.body;
    var quizzes = article.querySelectorAll(".bd-quiz");
    if (!quizzes.length || document.querySelector(".bd-print-answers")) {
      return quizzes.length;
    }
    var say = words();
    var section = document.createElement("section");
    section.className = "bd-print-answers";
    var heading = document.createElement("h2");
    heading.textContent = say.answers;
    var list = document.createElement("ol");
    quizzes.forEach(function (quiz, i) {
      var label = document.createElement("p");
      label.className = "bd-quiz-number";
      label.textContent = say.question + " " + (i + 1);
      quiz.insertBefore(label, quiz.firstChild);
      var item = document.createElement("li");
      // The quiz's own answer key (hidden on screen), else its right panel if shown.
      var key = quiz.querySelector(".bd-quiz-answer");
      var right = quiz.querySelectorAll(".bd-quiz-right");
      item.textContent = key
        ? text(key)
        : right.length
          ? Array.prototype.map.call(right, text).join("; ")
          : say.see;
      list.appendChild(item);
    });
    section.appendChild(heading);
    section.appendChild(list);
    article.appendChild(section);
    document.documentElement.classList.add("bd-print-answers-at-end");
    return quizzes.length;
  }
  window.bdGatherAnswers = gather;
  window.bdPrintWords = words;
  window.addEventListener("beforeprint", gather);
})();
